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

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

async function planOf(query: SQL): Promise<PlanNode[]> {
  const { rows } = (await database.db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  const plan = rows[0]!['QUERY PLAN'];
  return nodesOf((typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : plan)[0].Plan);
}

/** A page of a name search, nearest first, with every statement it ran. */
async function searched(name: string) {
  const statements: SQL[] = [];
  const run: RunStatement = (query, opts) => {
    statements.push(query);
    return executePrepared(database.db, query, opts);
  };
  const service = membersService(membersRepository(database.db, { run }), { onlineCountTtlMs: 0 });
  const page = await service.list(viewer, membersQuerySchema.parse({ name, limit: '20' }));
  return { page, statements };
}

describe('a common name, nearest first', () => {
  it('is one statement, a nearest-neighbour scan of the index of names by their first characters and place', async () => {
    const { page, statements } = await searched('sam');
    expect(page.items).toHaveLength(20);
    expect(statements).toHaveLength(1);
    const nodes = await planOf(statements[0]!);
    expect(nodes.find((n) => n['Index Name'] === 'member_name_starts_nearest_idx')?.['Node Type']).toMatch(/Index (Only )?Scan/);
  });

  it('a text shorter than three characters is read as before (the index keys three)', async () => {
    const { page, statements } = await searched('sa');
    expect(page.items.length).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThan(1);
  });
});
