import { useSyncExternalStore } from 'react';

/**
 * What the socket tells about other members right now: who is typing to me, who is online.
 * Typing fades by itself if the "stopped" event never comes (a closed tab).
 */
const TYPING_FADE_MS = 6000;

let typing = new Set<string>();
let presence = new Map<string, { online: boolean; lastActiveAt: string | null }>();
const fades = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function setTyping(userId: string, isTyping: boolean) {
  clearTimeout(fades.get(userId));
  fades.delete(userId);
  const next = new Set(typing);
  if (isTyping) {
    next.add(userId);
    fades.set(
      userId,
      setTimeout(() => setTyping(userId, false), TYPING_FADE_MS),
    );
  } else next.delete(userId);
  typing = next;
  emit();
}

export function setPresence(userId: string, online: boolean, lastActiveAt: string | null) {
  presence = new Map(presence).set(userId, { online, lastActiveAt });
  emit();
}

export function clearLiveState() {
  fades.forEach((t) => clearTimeout(t));
  fades.clear();
  typing = new Set();
  presence = new Map();
  emit();
}

export const useIsTyping = (userId: string) => useSyncExternalStore(subscribe, () => typing.has(userId));
export const useLivePresence = (userId: string) => useSyncExternalStore(subscribe, () => presence.get(userId));

/** The thread on screen, so a message arriving in it is marked read at once. */
let openThread: string | null = null;
export const setOpenThread = (otherId: string | null) => {
  openThread = otherId;
};
export const isThreadOpen = (otherId: string) => openThread === otherId && document.visibilityState === 'visible';
