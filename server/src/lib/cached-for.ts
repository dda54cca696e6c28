/**
 * A value loaded at most once per `ttlMs` (per process), read through `now` so a test can move the
 * clock. Concurrent reads while it loads share the one load; a failed load is not kept. For a few
 * community-wide numbers (the online count), never for rows of members.
 *
 * `staleForMs`: for that long after the `ttlMs`, a read is answered at once with the value it has
 * while one load runs behind it, so no request waits for a count the database takes a while over
 * (the online count at 1 000 000 members, from an index heartbeats keep changing: 0.2–0.7 s). Past
 * it, and for the first read, the read waits for the load.
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now, { staleForMs = 0 } = {}) {
  let entry: { at: number; value: Promise<T>; loaded: boolean; refreshing: boolean } | null = null;
  const start = (at: number) => {
    const current = { at, value: load(), loaded: false, refreshing: false };
    current.value.then(
      () => (current.loaded = true),
      () => {
        if (entry === current) entry = null;
      },
    );
    return current;
  };
  return () => {
    const at = now();
    const age = entry ? at - entry.at : Infinity;
    if (!entry || age < 0 || age >= ttlMs + staleForMs) entry = start(at);
    else if (age >= ttlMs && entry.loaded && !entry.refreshing) {
      // the value kept answers; the next one replaces it once loaded, unless another has since (a
      // failed load leaves it be, and the next read past the ttl tries again; one that never settles
      // holds up only this entry, which a read past ttl + staleFor replaces)
      const kept = entry;
      kept.refreshing = true;
      const next = start(at);
      next.value.then(
        () => {
          if (entry === kept) entry = next;
        },
        () => (kept.refreshing = false),
      );
    }
    return entry.value;
  };
}
