import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGenericPlanPool } from './generic-plans';
import { openPool } from './pool';

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

  it('hands out each new connection in force_generic_plan and with JIT off, nothing queued on it before the caller’s statement', async () => {
    const warnings: Error[] = [];
    const listen = (w: Error) => warnings.push(w);
    process.on('warning', listen);
    try {
      // as many at once as the pool opens connections
      const modes = await Promise.all(
        Array.from({ length: 4 }, () =>
          pool.query<{ mode: string; jit: string }>("select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit"),
        ),
      );
      // and, as every connection of the server's (db/pool.ts), never compiling a statement
      expect(modes.map((r) => r.rows[0])).toEqual(Array(4).fill({ mode: 'force_generic_plan', jit: 'off' }));
      // process warnings are emitted on a later tick
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.map((w) => `${w.name}: ${w.message}`)).toEqual([]);
  });

  it('sets JIT off on the connections of the other pool, which plan as PostgreSQL chooses', async () => {
    const other = openPool(url!, 2);
    try {
      const { rows } = await other.query<{ mode: string; jit: string }>(
        "select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit",
      );
      expect(rows[0]).toEqual({ mode: 'auto', jit: 'off' });
    } finally {
      await other.end();
    }
  });
});
