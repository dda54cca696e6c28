import { sql, type SQL } from 'drizzle-orm';

/** Everyone on either side of a block with `me`, as an array: a few primary-key look-ups, usually none. */
export const blockedIdsOf = (me: string): SQL =>
  sql`array(select blocked_id from user_blocks where blocker_id = ${me}
            union all select blocker_id from user_blocks where blocked_id = ${me})`;
