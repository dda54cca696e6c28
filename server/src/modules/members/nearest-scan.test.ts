import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { openTestDatabase } from '../../../test/test-app';
import { seedLargeCommunity } from '../../seed/large';
import type { RunStatement } from './member-pages.repository';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';

// Nearest first for a common name, and for online now when many are online, is one nearest-neighbour
// scan of a GiST index (migrations 0033, 0034), with no count of the matches and no walk of the cells
// after it. Which members, in which order, is the differential test's (members.differential.test.ts);
// this is how they are read.
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
  // one member in ten online now
  await database.db.execute(sql`update profiles set last_active_at = now() where abs(hashtext(user_id)) % 10 = 0`);
}, 120_000);
afterAll(() => drop());

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * A statement's generic plan (the lists keep one: RunStatement `genericPlan`) with sorts and bitmap
 * reads priced out, as on a community of 100 000, where a few per cent are online: on this small one
 * reading every online member and sorting them costs less. An index that cannot give the order
 * (its expression not the statement's) is then still not read in order.
 */
async function planOf(query: SQL): Promise<PlanNode[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const { rows } = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
    };
    const plan = rows[0]!['QUERY PLAN'];
    return nodesOf((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
  });
}

/** A page of a search, nearest first, with every statement it ran (as when many are online). */
async function searched(search: Record<string, string>) {
  const statements: SQL[] = [];
  const run: RunStatement = (query, opts) => {
    statements.push(query);
    return executePrepared(database.db, query, opts);
  };
  const service = membersService(membersRepository(database.db, { run }), { onlineCountTtlMs: 0, manyOnlineAbove: 0 });
  const page = await service.list(viewer, membersQuerySchema.parse({ ...search, limit: '20' }));
  return { page, statements };
}

describe('a common name, nearest first', () => {
  it('is one statement, a nearest-neighbour scan of the index of names by their first characters and place', async () => {
    const { page, statements } = await searched({ name: 'sam' });
    expect(page.items).toHaveLength(20);
    expect(statements).toHaveLength(1);
    const nodes = await planOf(statements[0]!);
    expect(nodes.find((n) => n['Index Name'] === 'member_name_starts_nearest_idx')?.['Node Type']).toMatch(/Index (Only )?Scan/);
  });

  it('a text shorter than three characters is read as before (the index keys three)', async () => {
    const { page, statements } = await searched({ name: 'sa' });
    expect(page.items.length).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThan(1);
  });
});

describe('online now, nearest first, when many are online', () => {
  it.each([
    ['everyone', {}],
    ['a member type', { type: 'couples' }],
  ])(
    'of %s: one statement, a nearest-neighbour scan of the index of activity by the minute and place',
    async (_of, search: Record<string, string>) => {
      const { page, statements } = await searched({ ...search, online: '1' });
      expect(page.items).toHaveLength(20);
      expect(page.items.every((m) => m.online)).toBe(true);
      // how many are online (the service asks once a while), then the page
      expect(statements).toHaveLength(2);
      const nodes = await planOf(statements[1]!);
      expect(nodes.find((n) => n['Index Name'] === 'profiles_online_nearest_idx')?.['Node Type']).toBe('Index Scan');
    },
  );
});
