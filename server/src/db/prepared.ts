import { createHash } from 'node:crypto';
import pg from 'pg';
import { SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Db } from './client';
import { genericPlanPoolOf } from './generic-plans';

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
/** How a named statement's values are read (also the discovery bench's bare server, bench/lib/sql-floor-server.mjs). */
export const rowTypes = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/** Set by drizzle's `.inlineParams()`: values written into the text, which drizzle does. */
const inlinesValues = (query: SQL) => (query as unknown as { shouldInlineParams?: boolean }).shouldInlineParams === true;

/**
 * The statement's text and values, as drizzle's `sqlToQuery` writes them, for statements made of text,
 * nested `sql` templates and plain values (ours); any other piece (a column, a table, `sql.param`, an
 * array, inlined values) and the whole statement goes to drizzle. Drizzle asks each piece what it is
 * against every kind it knows and copies its settings at each level: for a list's statement that was
 * a third of the server's work on it before the database answered (Name Search: 0.14 of 0.27 ms).
 */
export function renderStatement(query: SQL): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  let text = '';
  const write = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if (inlinesValues(chunk) || !write(chunk.queryChunks)) return false;
      } else if (chunk === undefined) continue;
      else if (
        chunk === null ||
        typeof chunk === 'string' ||
        typeof chunk === 'number' ||
        typeof chunk === 'boolean' ||
        typeof chunk === 'bigint'
      ) {
        params.push(chunk);
        text += `$${params.length}`;
      } else return false;
    }
    return true;
  };
  return !inlinesValues(query) && write(query.queryChunks) ? { sql: text, params } : dialect.sqlToQuery(query);
}

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
  const built = renderStatement(query);
  let name = names.get(built.sql);
  if (!name) {
    name = `v_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 20)}`;
    names.set(built.sql, name);
  }
  const statement = { name, text: built.sql, values: built.params, types: rowTypes };
  const pool = opts.genericPlan ? genericPlanPoolOf(client) : client;
  try {
    return (await pool.query(statement)).rows as T[];
  } catch (e) {
    // as drizzle wraps what its own path throws, so callers see one shape on both databases
    throw new DrizzleQueryError(built.sql, built.params, e as Error);
  }
}
