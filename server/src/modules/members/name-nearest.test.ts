import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { planNodes } from '../../../test/plans';
import { openTestDatabase } from '../../../test/test-app';
import { seedLargeCommunity } from '../../seed/large';
import type { RunStatement } from './member-pages.repository';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';

// Nearest first for a common name is one nearest-neighbour scan of the name's entries (migration
// 0033), with no count of its matches and no walk of the cells after it. Which members, in which
// order, is the differential test's (members.differential.test.ts); this is how they are read.
let database: Database;
let drop: () => Promise<void>;
let viewer: string;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedLargeCommunity(database.db, { members: 1500, batch: 1500 });
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select user_id as id from profiles where location_lat is not null and setup_completed_at is not null order by user_id limit 1`,
  );
  viewer = rows[0]!.id;
}, 120_000);
afterAll(() => drop());

/**
 * A statement's generic plan (the lists keep one: RunStatement `genericPlan`), with sorts and bitmap
 * reads priced out: on this small community reading a text's few hundred entries and sorting them
 * costs less, where at 100 000 members the planner reads them in order (bench/plans). An index that
 * cannot give the order (its expressions not the statement's) is then still not read in order.
 */
const planOf = (query: SQL) =>
  planNodes(database.db, query, { plan_cache_mode: 'force_generic_plan', enable_sort: 'off', enable_bitmapscan: 'off' });

/** A page of a name search (or a username's), nearest first, with every statement it ran. */
async function searched(name: string, field: 'name' | 'q' = 'name') {
  const statements: SQL[] = [];
  const run: RunStatement = (query, opts) => {
    statements.push(query);
    return executePrepared(database.db, query, opts);
  };
  const service = membersService(membersRepository(database.db, { run }), { onlineCountTtlMs: 0 });
  const page = await service.list(viewer, membersQuerySchema.parse({ [field]: name, limit: '20' }));
  return { page, statements };
}

describe('a common name, nearest first', () => {
  it('is one statement, a nearest-neighbour scan of the index of names by their first characters and place', async () => {
    const { page, statements } = await searched('sam');
    expect(page.items).toHaveLength(20);
    expect(statements).toHaveLength(1);
    // read in distance order from the index (its nearest-neighbour ordering), not all read and sorted
    const scans = (await planOf(statements[0]!)).filter((n) => n['Index Name'] === 'member_name_starts_nearest_idx');
    expect(scans.some((n) => /Index (Only )?Scan/.test(n['Node Type']) && n['Order By'] !== undefined)).toBe(true);
  });

  it('a text shorter than three characters is not scanned (the index keys three): one statement, its matches counted and sorted', async () => {
    const { page, statements } = await searched('sa');
    expect(page.items.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(1);
  });

  it('a username is not scanned (a handle few share): one statement, its matches counted and walked or sorted', async () => {
    const { page, statements } = await searched('scarlet', 'q');
    expect(page.items.length).toBeGreaterThan(0);
    expect(statements).toHaveLength(1);
  });
});
