/**
 * A value loaded at most once per `ttlMs` (per process), read through `now` so a test can move the
 * clock. Concurrent reads while it loads share the one load; a failed load is not kept. For a few
 * community-wide numbers (the online count, the verified count), never for rows of members.
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now) {
  let entry: { at: number; value: Promise<T> } | null = null;
  return () => {
    const at = now();
    if (!entry || at - entry.at >= ttlMs || at < entry.at) {
      const value = load();
      const current = { at, value };
      entry = current;
      value.catch(() => {
        if (entry === current) entry = null;
      });
    }
    return entry.value;
  };
}
