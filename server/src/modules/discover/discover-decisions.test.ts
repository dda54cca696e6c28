import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDecisionsProbed, seedDecider } from '../../../test/decider';
import { openTestDatabase } from '../../../test/test-app';
import type { Database, Db } from '../../db/client';
import { discoverRepository } from './discover.repository';

// A member who uses Discover passes on hundreds of others a month. Discover's batch asks of every
// member it walks whether they liked or passed them, and the stats row asks of each of their likes
// whether it was returned: one look-up of the pair each, in the statements as the repository sends
// them, never a read of all the member's decisions (for each member, in a generic plan).
let database: Database;
let drop: () => Promise<void>;
let me: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  ({ me } = await seedDecider(database.db));
}, 120_000);
afterAll(() => drop());

/** The statements the repository sends for `call`, taken before they reach a database (rows: none). */
async function sentBy(call: (repo: ReturnType<typeof discoverRepository>) => Promise<unknown>): Promise<SQL[]> {
  const sent: SQL[] = [];
  const capturing = {
    $client: null,
    execute: async (query: SQL) => {
      sent.push(query);
      return { rows: [] };
    },
  } as unknown as Db;
  await call(discoverRepository(capturing));
  return sent;
}

const batch = { minAge: 18, maxAge: null, km: 50, place: null, notShared: [], limit: 10 };

describe("Discover's statements ask about a member's decisions one member at a time", () => {
  it.each([
    ['the next batch', { ...batch }],
    ['a batch from 500 km with ages 30–45', { ...batch, km: 500, minAge: 30, maxAge: 45 }],
  ])('%s', async (_name, query) => {
    const [statement] = await sentBy((repo) => repo.candidates(me, query));
    await expectDecisionsProbed(database.db, statement!, /liked_id = \w+\.user_id/);
  });

  it('the stats row (matches: each like asked whether it was returned)', async () => {
    const [statement] = await sentBy((repo) => repo.stats(me));
    await expectDecisionsProbed(database.db, statement!, /liker_id = a\.liked_id/);
  });

  it('sends one statement each', async () => {
    expect(await sentBy((repo) => repo.candidates(me, batch))).toHaveLength(1);
    expect(await sentBy((repo) => repo.stats(me))).toHaveLength(1);
  });
});
