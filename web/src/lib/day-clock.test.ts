import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDayClock, startOfDay } from './day-clock';
import { listTime } from '../features/messages/format';

describe('day clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 27, 23, 58, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('tells its subscribers once when midnight passes, and again the next midnight', () => {
    const clock = createDayClock();
    const turned = vi.fn();
    clock.subscribe(turned);
    expect(clock.getSnapshot()).toBe(startOfDay(new Date(2026, 10, 27)));

    vi.advanceTimersByTime(60_000); // 23:59:30
    expect(turned).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000); // 00:00:00
    expect(turned).toHaveBeenCalledTimes(1);
    expect(clock.getSnapshot()).toBe(startOfDay(new Date(2026, 10, 28)));

    vi.advanceTimersByTime(24 * 3_600_000); // checked every 10 minutes at most, told once a day
    expect(turned).toHaveBeenCalledTimes(2);
    expect(clock.getSnapshot()).toBe(startOfDay(new Date(2026, 10, 29)));
  });

  it("moves a list's time of a message sent just before midnight from 'HH:mm' to its weekday", () => {
    const clock = createDayClock();
    clock.subscribe(() => {});
    const sent = new Date(2026, 10, 27, 23, 50).toISOString();
    expect(listTime(sent, new Date(clock.getSnapshot()))).toBe('23:50');
    vi.advanceTimersByTime(2 * 60_000);
    expect(listTime(sent, new Date(clock.getSnapshot()))).toBe('Fri');
  });

  it('runs no timer once the last subscriber has gone, and reads the day afresh while no one listens', () => {
    const clock = createDayClock();
    const turned = vi.fn();
    const unsubscribe = clock.subscribe(turned);
    unsubscribe();
    expect(vi.getTimerCount()).toBe(0);

    vi.advanceTimersByTime(5 * 60_000); // past midnight with no one listening
    expect(turned).not.toHaveBeenCalled();
    // the first to read it (a page drawing before it subscribes) reads today, not the day it last knew
    expect(clock.getSnapshot()).toBe(startOfDay(new Date(2026, 10, 28)));
    clock.subscribe(turned);
    expect(clock.getSnapshot()).toBe(startOfDay(new Date(2026, 10, 28)));
    expect(vi.getTimerCount()).toBe(1);
  });

  it('sets no new timer when the last subscriber leaves as it is told the day turned', () => {
    const clock = createDayClock();
    const unsubscribe = clock.subscribe(() => unsubscribe());
    vi.advanceTimersByTime(2 * 60_000); // midnight: the subscriber leaves in its own callback
    expect(vi.getTimerCount()).toBe(0);
  });
});
