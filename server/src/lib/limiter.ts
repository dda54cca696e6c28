/**
 * Runs at most `max` tasks at once in this process; the others wait their turn, first come first
 * served. A waiting task holds only its closure (for an upload: the bytes it already has), nothing
 * of the community's. A task that fails frees its place like one that succeeds.
 */
export function createLimiter(max: number) {
  if (!Number.isInteger(max) || max < 1) throw new Error(`a limiter needs at least one place (got ${max})`);
  let active = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      // a freed place passes straight to the next in line, so `active` never drops below it and back
      if (active < max) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** tasks running now */
    get active() {
      return active;
    },
    /** tasks waiting for a place */
    get waiting() {
      return waiting.length;
    },
  };
}
