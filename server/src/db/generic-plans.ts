import type pg from 'pg';
import { openPool } from './pool';

/**
 * The pools whose connections keep generic plans (plan_cache_mode force_generic_plan, set as each
 * connection opens), each beside the pool of the database's other statements (client.ts openDatabase).
 * PostgreSQL keeps planning a prepared statement anew for each run when the generic plan's estimate
 * is dearer than the custom plans' average, even when every custom plan is the same: Discover's
 * statement was planned on every request (1.9 ms of planning for 1.3 ms of running at 100 000
 * members). On a connection of its own the setting costs nothing a run: the statement is one round
 * trip, where setting it for one transaction on a shared connection took three (begin and set,
 * the statement, commit).
 */
const genericPlanPools = new WeakMap<pg.Pool, pg.Pool>();

/** Runs `pool`'s statements asked to keep their generic plan on `generic`'s connections. */
export function keepGenericPlansOn(pool: pg.Pool, generic: pg.Pool): void {
  genericPlanPools.set(pool, generic);
}

/** The pool beside `pool` whose connections keep generic plans. */
export function genericPlanPoolOf(pool: pg.Pool): pg.Pool {
  const generic = genericPlanPools.get(pool);
  if (!generic) throw new Error('no pool keeps generic plans beside this one (db/client.ts openDatabase)');
  return generic;
}

/** A pool for keepGenericPlansOn: each connection is set to keep generic plans as it opens (db/pool.ts). */
export const openGenericPlanPool = (connectionString: string, max: number, waitMs?: number): pg.Pool =>
  openPool(connectionString, max, { plan_cache_mode: 'force_generic_plan' }, waitMs);
