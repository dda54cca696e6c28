import { useSyncExternalStore } from 'react';

/** The start of the local day `now` falls in, in ms. */
export const startOfDay = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();

const CHECK_AT_MOST_EVERY_MS = 10 * 60_000;

/**
 * Today, as a store the words 'Today', 'Yesterday' and a list's 'HH:mm' depend on: a page left open
 * overnight must not keep yesterday's. One timer to the next local midnight serves every subscriber,
 * set for 10 minutes at most (a computer asleep does not count down a browser's timers), and the day
 * is checked again when the page comes back into view or into focus. A timer that fires a moment
 * early finds the same day and is set again.
 */
export function createDayClock(now: () => Date = () => new Date()) {
  const listeners = new Set<() => void>();
  let today = startOfDay(now());
  let timer: ReturnType<typeof setTimeout> | undefined;

  const check = () => {
    const day = startOfDay(now());
    if (day === today) return;
    today = day;
    for (const listener of [...listeners]) listener();
  };
  const arm = () => {
    const at = now();
    const midnight = new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1).getTime();
    timer = setTimeout(
      () => {
        check();
        if (listeners.size > 0) arm();
      },
      Math.min(midnight - at.getTime(), CHECK_AT_MOST_EVERY_MS),
    );
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  const page = typeof window === 'undefined' ? null : window;

  return {
    /** The start of today, in ms (the same number until the day turns); read afresh while no one listens. */
    getSnapshot: () => (listeners.size > 0 ? today : (today = startOfDay(now()))),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      if (listeners.size === 1) {
        check();
        arm();
        page?.document.addEventListener('visibilitychange', onVisible);
        page?.addEventListener('focus', check);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        clearTimeout(timer);
        timer = undefined;
        page?.document.removeEventListener('visibilitychange', onVisible);
        page?.removeEventListener('focus', check);
      };
    },
  };
}

const dayClock = createDayClock();

/** Today's start (local time), as a Date; the caller is drawn again when the day turns. */
export function useToday(): Date {
  const today = useSyncExternalStore(dayClock.subscribe, dayClock.getSnapshot);
  return new Date(today);
}
