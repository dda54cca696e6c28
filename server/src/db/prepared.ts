import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Db } from './client';
import { PGlite } from '@electric-sql/pglite';
import { pgliteStatementsOf } from './pglite-statements';

/** What drizzle's session offers underneath `db.execute` (the same call, with a statement name). */
interface PreparingSession {
  /** PGlite itself, a PGlite transaction, or node-postgres' pool or client */
  client: unknown;
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    arrayMode: false,
  ): { execute(): Promise<{ rows: unknown[] }> };
}

const names = new Map<string, string>();

/**
 * `db.execute(query)` as a named (prepared) statement on PostgreSQL: `pg` sends Parse once per
 * connection and PostgreSQL keeps the plan, so a request no longer pays for parsing and planning
 * (the conversations list: database CPU 2.5 → 1.2 ms a request). On PGlite, outside a transaction,
 * the statement is prepared there too (`pglite-statements.ts`); inside one, the name is ignored.
 *
 * Only for statements whose best plan does not depend on the parameters' values (look-ups by member
 * id, keyset pages): after five runs PostgreSQL may switch to one generic plan for all values, and
 * for a statement that needs the values to plan well (Discover's boxes and age ranges) that plan was
 * 15 to 200 times slower. The name is a hash of the text, so one name never stands for two texts;
 * each distinct text is one prepared statement per connection, so the text must come from a fixed
 * set of shapes (no values written into it).
 */
export async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const session = db._.session as unknown as PreparingSession;
  const built = session.dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (!name) {
    name = `v_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 20)}`;
    names.set(built.sql, name);
  }
  if (session.client instanceof PGlite) {
    // wrapped as drizzle wraps what the other path throws, so callers see one shape on both databases
    return pgliteStatementsOf(session.client)
      .run<T>(name, built.sql, built.params)
      .catch((e: unknown) => {
        throw new DrizzleQueryError(built.sql, built.params, e as Error);
      });
  }
  const result = await session.prepareQuery(built, undefined, name, false).execute();
  return result.rows as T[];
}
