import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { executePrepared } from './prepared';

/** Everyone on either side of a block with `me`, as an array: a few primary-key look-ups, usually none. */
export const blockedIdsOf = (me: string): SQL =>
  sql`array(select blocked_id from user_blocks where blocker_id = ${me}
            union all select blocker_id from user_blocks where blocked_id = ${me})`;

/** Everyone on either side of a block with `me`. */
export async function blockedEitherWay(db: Db, me: string): Promise<Set<string>> {
  const [row] = await executePrepared<{ ids: string[] }>(db, sql`select ${blockedIdsOf(me)} as ids`);
  return new Set(row?.ids ?? []);
}
