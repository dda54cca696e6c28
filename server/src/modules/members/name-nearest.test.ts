import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_LAT_DEG, snapToCell } from '@velvet/core/geo/grid';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { listedFor } from '../../db/visibility';
import { planNodes } from '../../../test/plans';
import { openTestDatabase } from '../../../test/test-app';
import { seedLargeCommunity } from '../../seed/large';
import type { RunStatement } from './member-pages.repository';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';
import { testCursors } from '../../../test/cursors';

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
const PRICED_AS_AT_SCALE = { plan_cache_mode: 'force_generic_plan', enable_sort: 'off', enable_bitmapscan: 'off' };
const planOf = (query: SQL) => planNodes(database.db, query, PRICED_AS_AT_SCALE);

/** A page of a name search (or a username's), nearest first, with every statement it ran. */
async function searched(
  name: string,
  field: 'name' | 'q' = 'name',
  repositoryOpts: { nameScanEntries?: number; nameScanMore?: number } = {},
) {
  const statements: SQL[] = [];
  const run: RunStatement = (query, opts) => {
    statements.push(query);
    return executePrepared(database.db, query, opts);
  };
  const service = membersService(membersRepository(database.db, { ...repositoryOpts, run }), { cursors: testCursors, onlineCountTtlMs: 0 });
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

describe('a name rare among the entries of its first three characters near the caller', () => {
  // 70 members in a line northwards from the caller, each two cells beyond the one before: the nearest 40 named
  // 'Zyx3 …' three in five (24 of them), the rest 'Zyxel …'. No other name begins with 'zyx'
  let lined: string[];
  beforeAll(async () => {
    const named = sql`select count(*)::int as n from member_name_starts where left(rest, 3) = 'zyx'`;
    expect((await database.db.execute<{ n: number }>(named)).rows[0]!.n).toBe(0);
    const { rows: at } = await database.db.execute<{ lat: number; lng: number }>(
      sql`select location_lat as lat, location_lng as lng from profiles where user_id = ${viewer}`,
    );
    const { rows } = await database.db.execute<{ id: string }>(
      sql`select p.user_id as id from profiles p where ${listedFor(viewer)} order by p.user_id limit 70`,
    );
    lined = rows.map((r) => r.id);
    for (const [k, id] of lined.entries()) {
      const cell = snapToCell({ lat: at[0]!.lat + (k + 1) * 2 * CELL_LAT_DEG, lng: at[0]!.lng });
      const name = k < 40 && k % 5 < 3 ? `Zyx3 ${k}` : `Zyxel ${k}`;
      await database.db.execute(
        sql`update profiles set display_name = ${name}, location_lat = ${cell.lat}, location_lng = ${cell.lng}, hide_location = false where user_id = ${id}`,
      );
    }
  });

  it('is settled by a scan stopped at its cap of entries, from the matches nearer than its last: its entries are not read again', async () => {
    // capped at 40 entries, the scan reads 24 matches, fewer than the 28 it asks for (a page and 8 more): the
    // 23 nearer than the last one read are every match as near, and a page
    const { page, statements } = await searched('zyx3', 'name', { nameScanEntries: 40, nameScanMore: 8 });
    const expected = lined.filter((_, k) => k < 40 && k % 5 < 3).slice(0, 20);
    expect(page.items.map((c) => c.userId)).toEqual(expected);
    expect(statements).toHaveLength(1);
    const all = await planNodes(database.db, statements[0]!, PRICED_AS_AT_SCALE, { analyze: true });
    const read = all.filter((n) => n['Relation Name'] === 'member_name_starts' && n['Index Name'] === 'member_name_starts_nearest_idx');
    // the scan (in distance order), stopped at its 40 entries; the page read again as a circle (<@), never run
    expect(read.filter((n) => n['Order By'] !== undefined).map((n) => n['Actual Rows'])).toContain(40);
    const circle = read.filter((n) => n['Index Cond']?.includes('<@'));
    expect(circle.length).toBeGreaterThan(0);
    for (const n of circle) expect(n['Actual Loops']).toBe(0);
  });
});
