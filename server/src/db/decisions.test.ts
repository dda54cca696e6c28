import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDecisionsProbed, seedDecider } from '../../test/decider';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from './client';
import { decidedOn } from './decisions';

// decidedOn answers as the likes table says, in the shapes the statements use it (the statements
// themselves are planned in modules/discover/discover-decisions.test.ts).
let database: Database;
let drop: () => Promise<void>;
let me: string;
let decided: Map<string, boolean>;
let likedBack: Set<string>;

const rows = async <T>(query: SQL) => (await database.db.execute(query)).rows as T[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  ({ me, decided, likedBack } = await seedDecider(database.db));
}, 120_000);
afterAll(() => drop());

const notDecided = (memberId: SQL) => sql`not ${decidedOn(me, memberId, sql`(l.liked or l.created_at > now() - interval '30 days')`)}`;
const liked = (memberId: SQL) => decidedOn(me, memberId, sql`l.liked`);
const returned = () =>
  sql`select a.liked_id as id from likes a where a.liker_id = ${me} and a.liked and ${decidedOn(sql`a.liked_id`, me, sql`l.liked`)}`;

describe('decidedOn', () => {
  it('tells the members decided on from the others, a lapsed pass as undecided', async () => {
    const undecided = await rows<{ id: string }>(
      sql`select p.user_id as id from profiles p where p.user_id <> ${me} and ${notDecided(sql`p.user_id`)} order by p.user_id`,
    );
    const recent = await rows<{ id: string }>(
      sql`select liked_id as id from likes where liker_id = ${me} and (liked or created_at > now() - interval '30 days')`,
    );
    expect(recent.length).toBeLessThan(decided.size); // some passes are old enough to come back
    const all = await rows<{ id: string }>(sql`select user_id as id from profiles where user_id <> ${me} order by user_id`);
    const kept = new Set(recent.map((r) => r.id));
    expect(undecided.map((r) => r.id)).toEqual(all.map((r) => r.id).filter((id) => !kept.has(id)));
  });

  it('reads a like of mine, and one of mine returned, for a column or a value on either side', async () => {
    const flags = await rows<{ id: string; liked: boolean }>(
      sql`select p.user_id as id, ${liked(sql`p.user_id`)} as liked from profiles p`,
    );
    const likedIds = [...decided].filter(([, l]) => l).map(([id]) => id);
    expect(
      flags
        .filter((r) => r.liked)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...likedIds].sort());

    const both = likedIds.filter((id) => likedBack.has(id));
    expect(both.length).toBeGreaterThan(0);
    // and some I liked passed me back: not a match
    const passedMe = new Set(
      (await rows<{ id: string }>(sql`select liker_id as id from likes where liked_id = ${me} and not liked`)).map((r) => r.id),
    );
    expect(likedIds.some((id) => passedMe.has(id))).toBe(true);
    expect((await rows<{ id: string }>(returned())).map((r) => r.id).sort()).toEqual(both.sort());
  });

  it('is a look-up of the pair in every plan', async () => {
    await expectDecisionsProbed(
      database.db,
      sql`select p.user_id from profiles p where ${notDecided(sql`p.user_id`)} limit 50`,
      /liked_id = p\.user_id/,
    );
    await expectDecisionsProbed(database.db, returned(), /liker_id = a\.liked_id/);
  });
});
