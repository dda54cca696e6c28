import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNodes } from '../../test/plans';
import { openTestDatabase } from '../../test/test-app';
import { seedLargeCommunity } from '../seed/large';
import type { Database } from './client';
import { decidedOn } from './decisions';

// A member who uses Discover passes on hundreds of others a month. Each list and each Discover batch
// asks, of every member it reads, whether the viewer liked or passed them: that must stay one look-up
// of the pair, not a read of all the viewer's decisions (for each member, in a generic plan).
let database: Database;
let drop: () => Promise<void>;
let me: string;
let decided: Map<string, boolean>;
let likedBack: Set<string>;

const rows = async <T>(query: SQL) => (await database.db.execute(query)).rows as T[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedLargeCommunity(database.db, { members: 400, batch: 400 });
  me = (await rows<{ id: string }>(sql`select min(user_id) as id from profiles`))[0]!.id;
  // a like for every third of 300 members, a pass for the others (some of them too old to count)
  await database.db.execute(sql`delete from likes where liker_id = ${me}`);
  await database.db.execute(sql`insert into likes (liker_id, liked_id, liked, created_at)
    select ${me}, d.user_id, d.n % 3 = 0, now() - make_interval(days => (d.n % 60)::int)
    from (select user_id, row_number() over (order by user_id) as n from profiles where user_id <> ${me} limit 300) d`);
  decided = new Map(
    (await rows<{ id: string; liked: boolean }>(sql`select liked_id as id, liked from likes where liker_id = ${me}`)).map((r) => [
      r.id,
      r.liked,
    ]),
  );
  // every other member I liked likes me back, and others who I did not like like me too
  await database.db.execute(sql`delete from likes where liked_id = ${me}`);
  await database.db.execute(sql`insert into likes (liker_id, liked_id, liked)
    select d.user_id, ${me}, true from (select user_id, row_number() over (order by user_id) as n from profiles where user_id <> ${me} limit 360) d
    where d.n % 2 = 0`);
  likedBack = new Set(
    (await rows<{ id: string }>(sql`select liker_id as id from likes where liked_id = ${me} and liked`)).map((r) => r.id),
  );
  await database.db.execute(sql`analyze likes`);
}, 120_000);
afterAll(() => drop());

/** Discover's test: not liked, and not passed in the last 30 days. */
const notDecided = (memberId: SQL) => sql`not ${decidedOn(me, memberId, sql`(l.liked or l.created_at > now() - interval '30 days')`)}`;
const liked = (memberId: SQL) => decidedOn(me, memberId, sql`l.liked`);
/** The stats row's matches: each of my likes asked whether it was returned. */
const matches = () =>
  sql`select count(*) as n from likes a where a.liker_id = ${me} and a.liked and ${decidedOn(sql`a.liked_id`, me, sql`l.liked`)}`;
const shapes: [string, () => SQL, RegExp][] = [
  [
    'a filter on the members read (Discover)',
    () => sql`select p.user_id from profiles p where ${notDecided(sql`p.user_id`)} order by p.activity_key desc limit 50`,
    /liked_id = p\.user_id/,
  ],
  [
    'a column of each member shown (the Like button)',
    () => sql`select p.user_id, ${liked(sql`p.user_id`)} as liked from profiles p order by p.user_id limit 25`,
    /liked_id = p\.user_id/,
  ],
  ["a like of the member's returned (the stats row's matches)", matches, /liker_id = a\.liked_id/],
];

describe("a viewer's decisions on the members a statement reads", () => {
  it.each(shapes)('%s is a look-up of the pair in every plan', async (_shape, query, pair) => {
    for (const settings of [{}, { plan_cache_mode: 'force_generic_plan' }, { enable_hashagg: 'off' }] as Record<string, string>[]) {
      const reads = (await planNodes(database.db, query(), settings)).filter((n) => n.Alias === 'l');
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) {
        expect(read['Relation Name']).toBe('likes');
        expect(read['Index Cond'], JSON.stringify(settings)).toMatch(pair);
      }
    }
  });

  it('answers as the decisions say', async () => {
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

    const flags = await rows<{ id: string; liked: boolean }>(
      sql`select p.user_id as id, ${liked(sql`p.user_id`)} as liked from profiles p`,
    );
    const likedIds = [...decided].filter(([, l]) => l).map(([id]) => id);
    expect(
      flags
        .filter((r) => r.liked)
        .map((r) => r.id)
        .sort(),
    ).toEqual(likedIds.sort());

    const returned = likedIds.filter((id) => likedBack.has(id));
    expect(returned.length).toBeGreaterThan(0);
    expect(Number((await rows<{ n: string | number }>(matches()))[0]!.n)).toBe(returned.length);
  });
});
