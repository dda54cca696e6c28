import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

/** A task the test finishes by hand, noting when it started. */
function task(started: string[], name: string) {
  let finish!: (ok: boolean) => void;
  const run = () =>
    new Promise<string>((resolve, reject) => {
      started.push(name);
      finish = (ok) => (ok ? resolve(name) : reject(new Error(name)));
    });
  return { run, finish: (ok = true) => finish(ok) };
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createLimiter', () => {
  it('runs at most `max` tasks at once; the others start in order as places free up, after failures too', async () => {
    const limiter = createLimiter(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => task(started, name));
    const results = tasks.map((t) => limiter.run(t.run).catch((err: Error) => `failed ${err.message}`));
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);

    tasks[1]!.finish(false); // a failure frees its place as well
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 2]);

    tasks[0]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    tasks[2]!.finish();
    tasks[3]!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([limiter.active, limiter.waiting]).toEqual([1, 0]);
    tasks[4]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'failed b', 'c', 'd', 'e']);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('starts a task at once while there is room, and refuses a limit of no places', async () => {
    const limiter = createLimiter(1);
    expect(await limiter.run(async () => 42)).toBe(42);
    expect(limiter.active).toBe(0);
    expect(() => createLimiter(0)).toThrow();
  });
});
