import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGenericPlanPool } from './generic-plans';

// The pool whose connections keep generic plans sets the mode on each new connection before handing
// it out. Set from a 'connect' listener instead, the caller's statement was queued behind it on the
// same client: node-postgres 8 warns of that (a DeprecationWarning, once a process) and 9 refuses it.
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the generic-plan pool (PostgreSQL)', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    pool = openGenericPlanPool(url!, 4);
  });
  afterAll(() => pool.end());

  it('hands out each new connection in force_generic_plan, with nothing queued on it before the caller’s statement', async () => {
    const warnings: Error[] = [];
    const listen = (w: Error) => warnings.push(w);
    process.on('warning', listen);
    try {
      // as many at once as the pool opens connections
      const modes = await Promise.all(Array.from({ length: 4 }, () => pool.query<{ plan_cache_mode: string }>('show plan_cache_mode')));
      expect(modes.map((r) => r.rows[0]?.plan_cache_mode)).toEqual(Array(4).fill('force_generic_plan'));
      // process warnings are emitted on a later tick
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });
});
