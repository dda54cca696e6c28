import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random } from '../../test/random';
import { seededCommunity } from '../../test/seeded-community';
import type { Database } from './client';
import { textArray } from './arrays';
import { shownToAnyone } from './visibility';

// profile_view_totals (migration 0042), the views a Discover card shows, and of them those whose
// viewer is hidden from everyone (migration 0043, profile_views.viewer_hidden): kept by triggers on
// profile_views and profiles, so after any change they must say what counting profile_views says.
let database: Database;
let drop: () => Promise<void>;

let rows: Awaited<ReturnType<typeof seededCommunity>>['rows'];
/** Each member's views as kept, and as counted from profile_views (members with none left out of both). */
type Totals = { id: string; n: string | number; hidden: string | number };
const totals = async () => {
  const kept = await rows<Totals>(
    sql`select viewed_id as id, views as n, hidden_views as hidden from profile_view_totals where views <> 0 order by viewed_id`,
  );
  const counted = await rows<Totals>(
    sql`select viewed_id as id, count(*) as n, count(*) filter (where viewer_hidden) as hidden from profile_views group by viewed_id order by viewed_id`,
  );
  const plain = (r: Totals[]) => r.map(({ id, n, hidden }) => [id, Number(n), Number(hidden)]);
  return { kept: plain(kept), counted: plain(counted) };
};
/** Views whose viewer_hidden is not what visibility.ts says of the viewer's profile now (hidden: no profile, or not shown to anyone). */
const hiddenWrong = async () =>
  rows<{ viewer: string }>(
    sql`select v.viewer_id as viewer from profile_views v left join profiles p on p.user_id = v.viewer_id
      where v.viewer_hidden is distinct from not coalesce(${shownToAnyone}, false)`,
  );
const expectKept = async () => {
  const { kept, counted } = await totals();
  expect(kept).toEqual(counted);
  expect(await hiddenWrong()).toEqual([]);
  return counted.reduce((sum, [, n]) => sum + (n as number), 0);
};
let ids: string[];
beforeAll(async () => {
  ({ database, drop, rows, ids } = await seededCommunity());
}, 120_000);
afterAll(() => drop());

describe("each member's views, kept from profile_views", () => {
  it('counts the views a seed recorded (one insert of many)', async () => {
    expect(await expectKept()).toBeGreaterThan(0);
  });

  it('follows views recorded and removed, one or many at a time, viewers hidden and shown, and an account deleted', async () => {
    const next = random(20261130);
    const pick = () => ids[Math.floor(next() * ids.length)]!;
    const day = () => `2026-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 10)}`;
    const view = (viewed: string, viewer: string) => sql`(${viewed}, ${day()}::date, ${viewer})`;
    const changes = [
      // as record() writes one: a repeat the same day is nothing new
      (id: string) => sql`insert into profile_views (viewed_id, day, viewer_id) values ${view(id, pick())} on conflict do nothing`,
      // several members' views in one statement, some of them one member's
      (id: string) =>
        sql`insert into profile_views (viewed_id, day, viewer_id)
          values ${view(id, pick())}, ${view(id, pick())}, ${view(pick(), pick())}, ${view(pick(), id)} on conflict do nothing`,
      (id: string) =>
        sql`delete from profile_views where viewed_id = ${id} and day = (select min(day) from profile_views where viewed_id = ${id})`,
      (id: string) => sql`delete from profile_views where viewer_id = any(${textArray([id, pick()])})`,
      // a viewer hidden from everyone or shown again: their views move in or out of the hidden views
      (id: string) => sql`update profiles set anonymous_mode = not anonymous_mode where user_id = ${id}`,
      (id: string) => sql`update "user" set banned = not coalesce(banned, false) where id = ${id}`,
      (id: string) =>
        sql`update profiles set setup_completed_at = case when setup_completed_at is null then now() end where user_id = ${id}`,
    ];
    let moved = 0;
    let before = await expectKept();
    for (let i = 0; i < 120; i++) {
      const id = pick();
      // a view of oneself is refused by the table (migration 0041): the statement changes nothing
      await database.db.execute(changes[Math.floor(next() * changes.length)]!(id)).catch((e: Error & { cause?: Error }) => {
        if (!/profile_views_not_self_check/.test(String(e.cause?.message ?? e.message))) throw e;
      });
      const now = await expectKept();
      if (now !== before) moved++;
      before = now;
    }
    expect(moved).toBeGreaterThan(15);

    // an account deleted takes its views, as viewer and as viewed
    const [busy] = await rows<{ id: string }>(
      sql`select viewer_id as id from profile_views where viewer_id in (select viewed_id from profile_views) limit 1`,
    );
    await database.db.execute(sql`delete from "user" where id = ${busy!.id}`);
    await expectKept();
    expect(await rows(sql`select 1 from profile_view_totals where viewed_id = ${busy!.id}`)).toEqual([]);
  }, 120_000);

  it('refuses to move a view to another member', async () => {
    const [one] = await rows<{ viewed: string; viewer: string }>(
      sql`select viewed_id as viewed, viewer_id as viewer from profile_views limit 1`,
    );
    const other = ids.find((id) => id !== one!.viewed && id !== one!.viewer)!;
    await expect(
      database.db.execute(sql`update profile_views set viewed_id = ${other} where viewed_id = ${one!.viewed}`),
    ).rejects.toSatisfy((e: Error & { cause?: Error }) => /is never changed/.test(String(e.cause?.message ?? e.message)));
    await expectKept();
  });

  it('is emptied with profile_views', async () => {
    await database.db.execute(sql`truncate profile_views`);
    expect(await rows(sql`select 1 from profile_view_totals`)).toEqual([]);
  });
});
