import { describe, expect, it } from 'vitest';
import { cachedFor } from './cached-for';

/** A load the test settles by hand, counting how often it was asked. */
function loads() {
  const pending: { resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  const load = () => new Promise<number>((resolve, reject) => void pending.push({ resolve, reject }));
  return { load, pending };
}

/** A cache that answers stale for 5 000 ms more, holding 1 from its first load at time 0; its clock moved by hand. */
async function warmWithStale() {
  const clock = { now: 0 };
  const { load, pending } = loads();
  const read = cachedFor(1000, load, () => clock.now, { staleForMs: 5000 });
  const first = read();
  pending[0]!.resolve(1);
  expect(await first).toBe(1);
  return { clock, read, pending };
}

/** Lets a load settled by hand finish behind the reads. */
const settled = () => new Promise((r) => setImmediate(r));

describe('cachedFor', () => {
  it('loads once per ttl, sharing a load in flight', async () => {
    let clock = 0;
    const { load, pending } = loads();
    const read = cachedFor(1000, load, () => clock);
    const a = read();
    const b = read();
    expect(pending).toHaveLength(1);
    pending[0]!.resolve(1);
    expect([await a, await b]).toEqual([1, 1]);
    clock = 999;
    expect(await read()).toBe(1);
    clock = 1000;
    const c = read();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    expect(await c).toBe(2);
  });

  it('answers with the value it has while one load runs behind it, within staleForMs', async () => {
    const { clock, read, pending } = await warmWithStale();
    clock.now = 1500;
    // stale: answered at once with 1, one load started behind it and shared by the next reads
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(2);
    await settled();
    expect(await read()).toBe(2);
    expect(pending).toHaveLength(2);
  });

  it('keeps the value it has when the load behind it fails, and waits once it is too old', async () => {
    const { clock, read, pending } = await warmWithStale();
    clock.now = 2000;
    expect(await read()).toBe(1);
    pending[1]!.reject(new Error('down'));
    await settled();
    expect(await read()).toBe(1);
    // a second try behind it, since the first failed
    expect(pending).toHaveLength(3);
    clock.now = 6000;
    const waited = read();
    expect(pending).toHaveLength(4);
    pending[3]!.resolve(4);
    expect(await waited).toBe(4);
  });

  it('keeps a newer value than the one a slow load behind it brings', async () => {
    const { clock, read, pending } = await warmWithStale();
    clock.now = 2000;
    expect(await read()).toBe(1);
    // the load behind it hangs; past ttl + staleFor a read waits for one of its own
    clock.now = 7000;
    const waited = read();
    pending[2]!.resolve(3);
    expect(await waited).toBe(3);
    // the slow one settles at last: the newer value stays
    pending[1]!.resolve(2);
    await settled();
    expect(await read()).toBe(3);
  });

  it('does not keep a failed first load', async () => {
    const { load, pending } = loads();
    const read = cachedFor(1000, load, () => 0);
    const first = read();
    pending[0]!.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await settled();
    const second = read();
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(7);
    expect(await second).toBe(7);
  });
});
