import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random } from '../../../test/random';
import { seededCommunity } from '../../../test/seeded-community';
import type { Database } from '../../db/client';
import { listedFor, shownToAnyone } from '../../db/visibility';
import { profileViewsOf } from './profile-views.public';

// A member's count of views by whom they may be shown (the Discover stats row's, the dashboard's) is
// read from profile_view_totals less what it cannot know (migration 0043): after any change to the
// viewers, it must say what counting each viewer's profile by db/visibility.ts says.
let database: Database;
let drop: () => Promise<void>;
let rows: Awaited<ReturnType<typeof seededCommunity>>['rows'];
let ids: string[];
beforeAll(async () => {
  ({ database, drop, rows, ids } = await seededCommunity());
}, 120_000);
afterAll(() => drop());

/** A member's count of views by whom they may be shown: as kept (profileViewsOf), and by the rule over each viewer's profile. */
const viewsCounts = async (me: string) => {
  const [kept] = await rows<{ n: string | number }>(sql`select ${profileViewsOf(me)} as n`);
  const [ruled] = await rows<{ n: string | number }>(
    sql`select count(*) as n from profile_views v join profiles p on p.user_id = v.viewer_id where v.viewed_id = ${me} and ${listedFor(me)}`,
  );
  return [Number(kept!.n), Number(ruled!.n)];
};

/** Every viewed member's count, kept and by the rule. */
const expectEveryCount = async () => {
  const viewed = await rows<{ id: string }>(sql`select distinct viewed_id as id from profile_views order by viewed_id`);
  for (const { id } of viewed) {
    const [kept, ruled] = await viewsCounts(id);
    expect(kept, id).toBe(ruled);
  }
  expect(viewed.length).toBeGreaterThan(50);
};

describe("a member's count of views", () => {
  it("keeps each member's count of views by whom they may be shown, as viewers hide, show again, block and go", async () => {
    const next = random(20261129);
    const pick = () => ids[Math.floor(next() * ids.length)]!;
    const busiest = await rows<{ id: string }>(
      sql`select viewed_id as id from profile_views group by viewed_id order by count(*) desc, viewed_id limit 6`,
    );
    const watched = busiest.map((r) => r.id);
    // a viewer of a watched member, so most changes move a count that is checked
    const viewerOf = async (id: string) => {
      const [row] = await rows<{ id: string }>(
        sql`select viewer_id as id from profile_views where viewed_id = ${id} order by day, viewer_id limit 1`,
      );
      return row?.id ?? pick();
    };
    const changes: ((watchedId: string) => Promise<SQL>)[] = [
      async (
        id,
      ) => sql`insert into profile_views (viewed_id, day, viewer_id) values (${id}, ${`2026-11-0${1 + Math.floor(next() * 9)}`}::date, ${pick()})
        on conflict do nothing`,
      async (id) => sql`update profiles set anonymous_mode = not anonymous_mode where user_id = ${await viewerOf(id)}`,
      async (id) => sql`update "user" set banned = not coalesce(banned, false) where id = ${await viewerOf(id)}`,
      async (id) =>
        sql`update profiles set setup_completed_at = case when setup_completed_at is null then now() end where user_id = ${await viewerOf(id)}`,
      async (id) => sql`insert into user_blocks (blocker_id, blocked_id) values (${id}, ${await viewerOf(id)}) on conflict do nothing`,
      async (id) => sql`insert into user_blocks (blocker_id, blocked_id) values (${await viewerOf(id)}, ${id}) on conflict do nothing`,
      async (id) => sql`delete from user_blocks where blocker_id = ${id} or blocked_id = ${id}`,
    ];
    const moved = new Set<number>();
    for (let i = 0; i < 90; i++) {
      const id = watched[i % watched.length]!;
      const before = (await viewsCounts(id))[1];
      const change = Math.floor(next() * changes.length);
      await database.db.execute(await changes[change]!(id)).catch((e: Error & { cause?: Error }) => {
        if (!/profile_views_not_self_check|user_blocks/.test(String(e.cause?.message ?? e.message))) throw e;
      });
      const [kept, ruled] = await viewsCounts(id);
      expect(kept, `after change ${change}`).toBe(ruled);
      if (ruled !== before) moved.add(change);
    }
    // every kind of change moved a count at least once (a view, hiding, suspending, unfinishing, blocking either way, unblocking)
    expect([...moved].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    await expectEveryCount();

    // a profile gone (its account kept) hides its member's views; views by a member with no profile are hidden from the start
    const [shown] = await rows<{ id: string }>(
      sql`select v.viewer_id as id from profile_views v join profiles p on p.user_id = v.viewer_id
        where v.viewed_id = ${watched[0]} and ${shownToAnyone} order by v.viewer_id limit 1`,
    );
    const gone = shown!.id;
    const [before] = await viewsCounts(watched[0]!);
    await database.db.execute(sql`create temporary table gone_profile as select * from profiles where user_id = ${gone}`);
    await database.db.execute(sql`delete from profiles where user_id = ${gone}`);
    await database.db.execute(
      sql`insert into profile_views (viewed_id, day, viewer_id) values (${watched[1]}, '2026-11-20', ${gone}) on conflict do nothing`,
    );
    expect((await viewsCounts(watched[0]!))[0]).toBeLessThan(before!);
    await expectEveryCount();

    // the profile back as it was (finished, shown): its views count again, the one recorded without it too
    const columns = (
      await rows<{ name: string }>(
        sql`select column_name as name from information_schema.columns
          where table_name = 'profiles' and is_generated = 'NEVER' order by ordinal_position`,
      )
    ).map((c) => `"${c.name}"`);
    const list = sql.raw(columns.join(', '));
    await database.db.execute(sql`insert into profiles (${list}) select ${list} from gone_profile`);
    expect((await viewsCounts(watched[0]!))[0]).toBe(before);
    await expectEveryCount();
  }, 120_000);

  it('counts no view once every profile is gone', async () => {
    await database.db.execute(sql`truncate profiles cascade`);
    expect(await rows(sql`select 1 from profile_views where not viewer_hidden`)).toEqual([]);
    for (const id of ids.slice(0, 20)) expect(await viewsCounts(id)).toEqual([0, 0]);
  });
});
