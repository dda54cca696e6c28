import { createHash } from 'node:crypto';
import pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Db } from './client';

const dialect = new PgDialect();
const names = new Map<string, string>();

/** Dates and intervals come back as PostgreSQL's text, as drizzle's `db.execute` gives them. */
const RAW_TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const types = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/**
 * `db.execute(query)` as a named (prepared) statement on a PostgreSQL server, through node-postgres'
 * own API (`{ name, text, values }`): it sends Parse once per connection and PostgreSQL keeps the
 * statement, so a request pays for neither parsing nor, once PostgreSQL settles on a generic plan,
 * planning. PGlite (one connection, in this process) runs it as a plain statement.
 *
 * Only for statements whose best plan does not depend on the parameters' values (look-ups by
 * member id, keyset pages walked in index order): after five runs PostgreSQL may keep one generic
 * plan for all values. The name is a hash of the text, so one name never stands for two texts;
 * each distinct text is one prepared statement per connection, so texts come from a fixed set of
 * shapes (no values written into them).
 */
export async function executePrepared<T>(db: Db, query: SQL, opts: { genericPlan?: boolean } = {}): Promise<T[]> {
  // drizzle's documented handle on the driver it was given (a pg Pool, or PGlite)
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return (await db.execute(query)).rows as T[];
  const built = dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (!name) {
    name = `v_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 20)}`;
    names.set(built.sql, name);
  }
  const statement = { name, text: built.sql, values: built.params, types };
  try {
    return (await (opts.genericPlan ? genericPlanPoolOf(client) : client).query(statement)).rows as T[];
  } catch (e) {
    // as drizzle wraps what its own path throws, so callers see one shape on both databases
    throw new DrizzleQueryError(built.sql, built.params, e as Error);
  }
}

/**
 * The pools whose connections keep generic plans (plan_cache_mode force_generic_plan from their
 * start-up), each beside the pool of the database's other statements (client.ts openDatabase).
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

function genericPlanPoolOf(pool: pg.Pool): pg.Pool {
  const generic = genericPlanPools.get(pool);
  if (!generic) throw new Error('no pool keeps generic plans beside this one (db/client.ts openDatabase)');
  return generic;
}

/** The start-up options of a pool for keepGenericPlansOn. */
export const GENERIC_PLAN_OPTIONS = '-c plan_cache_mode=force_generic_plan';
