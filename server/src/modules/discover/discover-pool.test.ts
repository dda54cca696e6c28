import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CREATOR_TAG, CREATOR_TYPES } from '@velvet/core/constants/options';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { viewersIn } from '../../../test/viewers';
import { seedLargeCommunity } from '../../seed/large';
import { createMemberIndex } from '../members/member-index';
import { discoverRepository, type CandidateQuery } from './discover.repository';

/**
 * Discover's cards come from the member index's ranked pool; they must be the cards the database
 * alone ranks, for members in different towns, with and without a distance, with an age range, after
 * likes and passes, and never a member blocked, anonymous or decided since the index heard.
 */
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedLargeCommunity(database.db, { members: 1500, batch: 1000 });
  // distinct instants: the database's pool has no order among equal times, so ties would make
  // "the 200 most recent" a matter of chance on both sides
  await database.db.execute(sql`update profiles set
    last_active_at = last_active_at - make_interval(secs => (abs(hashtext(user_id)) % 100000) / 1000.0),
    created_at = created_at - make_interval(secs => (abs(hashtext(user_id || 'c')) % 100000) / 1000.0)`);
}, 120_000);
afterAll(() => drop());

const CREATOR_TAGS = [CREATOR_TAG, ...CREATOR_TYPES];

const viewers = () => viewersIn(database.db, ['London', 'Manchester', 'Bristol', 'Leeds']);

describe('Discover from the member index', () => {
  it('deals the same cards as the database alone, before and after likes and passes', async () => {
    const fromDatabase = discoverRepository(database.db);
    const fromIndex = discoverRepository(database.db, { index: createMemberIndex(database, { mode: 'per-call' }) });
    const who = await viewers();
    expect(who.length).toBe(4);
    let dealt = 0;
    for (const me of who) {
      const viewer = (await fromDatabase.viewer(me, CREATOR_TAGS))!;
      const queries: CandidateQuery[] = [
        { minAge: 18, maxAge: null, distance: { centre: viewer.position!, km: 50 }, limit: 10 },
        { minAge: 30, maxAge: 45, distance: { centre: viewer.position!, km: 500 }, limit: 10 },
        { minAge: 18, maxAge: 40, distance: { centre: { lat: 53.4808, lng: -2.2426 }, km: 25 }, limit: 10 },
        { minAge: 18, maxAge: null, distance: null, limit: 10 },
      ];
      for (let round = 0; round < 3; round++) {
        for (const q of queries) {
          const expected = await fromDatabase.candidates(me, viewer, q);
          const got = await fromIndex.candidates(me, viewer, q);
          expect(
            got.map((r) => r.username),
            JSON.stringify({ me, q, round }),
          ).toEqual(expected.map((r) => r.username));
          expect(got).toEqual(expected);
          dealt += expected.length;
        }
        // like the first card and pass the second of the first query: the next deal moves on
        const [first, second] = await fromDatabase.candidates(me, viewer, queries[0]!);
        if (first) await fromDatabase.decide(me, first.id, true);
        if (second) await fromDatabase.decide(me, second.id, false);
      }
    }
    expect(dealt).toBeGreaterThan(300);
  });

  it('never deals a member who turned anonymous, blocked or was decided after the index was read', async () => {
    const index = createMemberIndex(database, { mode: 'live' });
    await index.table();
    while (index.state() !== 'ready') await new Promise((r) => setTimeout(r, 20));
    const stale = (await index.table())!;
    await index.close(); // hears nothing from here on
    const repo = discoverRepository(database.db, {
      index: { table: async () => stale, state: () => 'ready', close: async () => undefined },
    });
    const [me] = await viewers();
    const viewer = (await repo.viewer(me!, CREATOR_TAGS))!;
    const q: CandidateQuery = { minAge: 18, maxAge: null, distance: { centre: viewer.position!, km: 50 }, limit: 10 };
    const before = await repo.candidates(me!, viewer, q);
    expect(before).toHaveLength(10);
    const [anonymous, blocking, passed] = before.map((r) => r.id);
    await database.db.execute(sql`update profiles set anonymous_mode = true where user_id = ${anonymous!}`);
    await database.db.execute(sql`insert into user_blocks (blocker_id, blocked_id) values (${blocking!}, ${me!})`);
    await repo.decide(me!, passed!, false);
    try {
      const after = await repo.candidates(me!, viewer, q);
      const ids = after.map((r) => r.id);
      expect(ids).not.toContain(anonymous);
      expect(ids).not.toContain(blocking);
      expect(ids).not.toContain(passed);
      expect(ids).toEqual(
        before
          .slice(3)
          .map((r) => r.id)
          .concat(ids.slice(7)),
      );
      expect(after).toHaveLength(10);
    } finally {
      await database.db.execute(sql`update profiles set anonymous_mode = false where user_id = ${anonymous!}`);
      await database.db.execute(sql`delete from user_blocks where blocker_id = ${blocking!} and blocked_id = ${me!}`);
    }
  });
});
