import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { executePrepared } from './prepared';

/** Everyone on either side of a block with `me`: a few primary-key look-ups, usually none. */
export async function blockedEitherWay(db: Db, me: string): Promise<Set<string>> {
  const rows = await executePrepared<{ id: string }>(
    db,
    sql`select blocked_id as id from user_blocks where blocker_id = ${me}
        union all select blocker_id from user_blocks where blocked_id = ${me}`,
  );
  return new Set(rows.map((r) => r.id));
}
