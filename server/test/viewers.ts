import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Members of a seeded large community (`seedLargeCommunity`) to search as, for the tests that compare
 * the index or the roster with the database: one member placed in each of `towns` (finished, not
 * anonymous), and first, when `withBlocker`, a placed member who blocked someone and was blocked too.
 */
export async function viewersIn(db: Db, towns: string[], opts: { withBlocker?: boolean } = {}): Promise<string[]> {
  const ids: string[] = [];
  if (opts.withBlocker) {
    const blocker = await db.execute<{ id: string }>(sql`select b.blocker_id as id from user_blocks b
      join profiles p on p.user_id = b.blocker_id where p.location_lat is not null and not p.anonymous_mode
      and exists (select 1 from user_blocks c where c.blocked_id = b.blocker_id) limit 1`);
    ids.push(...blocker.rows.map((r) => r.id));
  }
  const inTowns = await db.execute<{ id: string }>(sql`select distinct on (location_city) user_id as id from profiles
    where location_lat is not null and not anonymous_mode and setup_completed_at is not null
      and location_city = any(string_to_array(${towns.join(',')}, ',')) order by location_city, user_id`);
  return [...ids, ...inTowns.rows.map((r) => r.id)];
}
