/**
 * Bookkeeping that lets the gateway spread its heartbeat over the whole interval instead of doing
 * everything at one moment: sockets live in slots visited one per tick, and members are marked
 * active on their own schedule, oldest first, in small batches.
 */

/**
 * Items spread evenly over `count` slots; `next()` visits one slot per call, so an item comes up
 * once every `count` calls (a new item joins the emptiest slot).
 */
export function createSlots<T>(count: number) {
  const slots = Array.from({ length: Math.max(1, count) }, () => new Set<T>());
  const slotOf = new Map<T, Set<T>>();
  let cursor = 0;
  return {
    add(item: T) {
      if (slotOf.has(item)) return;
      let best = slots[0]!;
      for (const slot of slots) if (slot.size < best.size) best = slot;
      best.add(item);
      slotOf.set(item, best);
    },
    remove(item: T) {
      slotOf.get(item)?.delete(item);
      slotOf.delete(item);
    },
    /** The items of the next slot in turn. */
    next(): T[] {
      const slot = slots[cursor]!;
      cursor = (cursor + 1) % slots.length;
      return [...slot];
    },
    count: () => slots.length,
    sizes: () => slots.map((s) => s.size),
  };
}

/** Removes up to `n` items from a set (in insertion order) and returns them. */
export function takeFirst<T>(set: Set<T>, n: number): T[] {
  const taken: T[] = [];
  for (const item of set) {
    if (taken.length >= n) break;
    taken.push(item);
  }
  for (const item of taken) set.delete(item);
  return taken;
}

/**
 * When this process last marked each member (with a socket here) active, oldest first: a member is
 * due again `everyMs` after their last mark, so last_active_at is written about once per `everyMs`
 * whatever the heartbeat rate.
 */
export function createTouchSchedule(everyMs: number) {
  /** userId → ms of the last mark; a Map keeps insertion order, and marking re-inserts: oldest first */
  const markedAt = new Map<string, number>();
  const mark = (userId: string, now = Date.now()) => {
    markedAt.delete(userId);
    markedAt.set(userId, now);
  };
  return {
    mark,
    forget(userId: string) {
      markedAt.delete(userId);
    },
    /**
     * Up to `max` members due within `earlyMs` from now (the caller comes back every `earlyMs`, so none
     * waits past `everyMs`), oldest first; they count as marked now.
     */
    takeDue(max: number, earlyMs: number, now = Date.now()): string[] {
      const due: string[] = [];
      for (const [userId, at] of markedAt) {
        if (due.length >= max || now - at < everyMs - earlyMs) break;
        due.push(userId);
      }
      for (const userId of due) mark(userId, now);
      return due;
    },
    size: () => markedAt.size,
  };
}
