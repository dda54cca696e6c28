import { sql, type SQL } from 'drizzle-orm';
import { seedLargeCommunity } from '../src/seed/large';
import { openTestDatabase } from './test-app';

/**
 * A database of its own holding a seeded community of `members` (one insert of them all), for the
 * tests of tables that triggers keep: the database, a reader of a statement's rows, every member's
 * id in order, and its drop.
 */
export async function seededCommunity(members = 300) {
  const { database, drop } = await openTestDatabase();
  await seedLargeCommunity(database.db, { members, batch: members });
  const rows = async <T>(query: SQL) => (await database.db.execute(query)).rows as T[];
  const ids = (await rows<{ id: string }>(sql`select user_id as id from profiles order by user_id`)).map((r) => r.id);
  return { database, drop, rows, ids };
}
