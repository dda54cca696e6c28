import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNodes } from '../../../test/plans';
import { random } from '../../../test/random';
import { openTestDatabase } from '../../../test/test-app';
import type { Database, Db } from '../../db/client';
import { seedLargeCommunity } from '../../seed/large';
import { profileViewsRepository, type ViewersAfter } from './profile-views.repository';

// Looked @ Me, read day by day (profile-views.repository viewers), against a plain reading of every
// view: each viewer once at their latest day, those the member may be shown, newest day first, then
// by their first look that day (last for viewers who hide their last-active time), then id; paged to
// the end with a small page, on a generated history of repeat viewers over many days.
let database: Database;
let drop: () => Promise<void>;
const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

let ids: string[];
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedLargeCommunity(database.db, { members: 200, batch: 200 });
  ids = (await rows<{ id: string }>(sql`select user_id as id from profiles order by user_id`)).map((r) => r.id);
  const pick = random(7);
  // views of the first two members: repeat viewers over 40 days, several looks on most days
  const views: string[] = [];
  for (const viewed of ids.slice(0, 2))
    for (let n = 0; n < 400; n++) {
      const viewer = ids[2 + Math.floor(pick() * 150)]!;
      const day = Math.floor(pick() * 40);
      const minute = Math.floor(pick() * 1440);
      views.push(`('${viewed}', current_date - ${day}, '${viewer}', current_date - ${day} + interval '${minute} minutes')`);
    }
  // and the viewers left out below have looked at the first member
  for (const viewer of [50, 51, 60, 61].map((i) => ids[i]!))
    views.push(`('${ids[0]!}', current_date - 3, '${viewer}', current_date - 3 + interval '9 hours')`);
  await database.db.execute(
    sql.raw(`insert into profile_views (viewed_id, day, viewer_id, viewed_at) values ${views.join(', ')} on conflict do nothing`),
  );
  // some viewers hide their last-active time, some went anonymous or were suspended, some blocked
  await database.db.execute(
    sql`update profiles set hide_last_active = true where user_id = any(${sql.raw(
      `array[${ids
        .slice(10, 40)
        .map((id) => `'${id}'`)
        .join(',')}]`,
    )})`,
  );
  await database.db.execute(sql`update profiles set anonymous_mode = true where user_id = ${ids[50]!}`);
  await database.db.execute(sql`update profiles set suspended = true where user_id = ${ids[51]!}`);
  await database.db.execute(
    sql`insert into user_blocks (blocker_id, blocked_id) values (${ids[0]!}, ${ids[60]!}), (${ids[61]!}, ${ids[0]!})`,
  );
}, 120_000);
afterAll(() => drop());

type Expected = { id: string; day: string; at: string };
/** Every view of `me`, read plainly and ordered here. */
async function reference(me: string): Promise<Expected[]> {
  const all = await rows<{ viewer: string; day: string; at: string; hide: boolean; shown: boolean }>(sql`
    select v.viewer_id as viewer, v.day::text as day, v.viewed_at::text as at, p.hide_last_active as hide,
      (p.setup_completed_at is not null and not p.anonymous_mode and not p.suspended
        and not exists (select 1 from user_blocks b where (b.blocker_id = ${me} and b.blocked_id = p.user_id) or (b.blocker_id = p.user_id and b.blocked_id = ${me}))) as shown
    from profile_views v join profiles p on p.user_id = v.viewer_id where v.viewed_id = ${me}`);
  const latest = new Map<string, (typeof all)[number]>();
  for (const view of all) if (!latest.has(view.viewer) || latest.get(view.viewer)!.day < view.day) latest.set(view.viewer, view);
  return [...latest.values()]
    .filter((v) => v.shown)
    .map((v) => ({ id: v.viewer, day: v.day, at: v.hide ? '-infinity' : v.at, time: v.hide ? -Infinity : Date.parse(v.at) }))
    .sort((a, b) => (a.day !== b.day ? (a.day < b.day ? 1 : -1) : a.time !== b.time ? b.time - a.time : a.id < b.id ? 1 : -1))
    .map(({ id, day, at }) => ({ id, day, at }));
}

describe('Looked @ Me, day by day', () => {
  it.each([0, 1])('lists the viewers of member %i as a plain reading of every view does, paged to the end', async (which) => {
    const me = ids[which]!;
    const expected = await reference(me);
    expect(expected.length).toBeGreaterThan(60);
    const repo = profileViewsRepository(database.db);
    const got: { id: string; day: string }[] = [];
    const pageEnds: number[] = [];
    let after: ViewersAfter | null = null;
    for (let page = 0; page < 100; page++) {
      const items = await repo.viewers(me, { after, limit: 7 });
      expect(items.length).toBeLessThanOrEqual(7);
      got.push(...items.map((r) => ({ id: r.userId, day: r.day })));
      if (items.length < 7) break;
      pageEnds.push(got.length - 1);
      after = { day: items.at(-1)!.day, id: items.at(-1)!.userId };
    }
    expect(got).toEqual(expected.map(({ id, day }) => ({ id, day })));
    // pages that ended on a viewer who hides their last-active time, and at the end of a day
    expect(pageEnds.some((i) => expected[i]!.at === '-infinity')).toBe(true);
    expect(pageEnds.some((i) => expected[i + 1] && expected[i + 1]!.day !== expected[i]!.day)).toBe(true);
  });

  it('has views from the viewers it leaves out, and leaves them out', async () => {
    const hidden = [ids[50]!, ids[51]!, ids[60]!, ids[61]!];
    const viewers = new Set(
      (await rows<{ id: string }>(sql`select viewer_id as id from profile_views where viewed_id = ${ids[0]!}`)).map((r) => r.id),
    );
    expect(hidden.filter((id) => viewers.has(id))).toEqual(hidden);
    const shown = new Set((await reference(ids[0]!)).map((v) => v.id));
    expect(hidden.filter((id) => shown.has(id))).toEqual([]);
  });

  it('reads the days one after another, a page of the first day before the next (the plan the order rests on)', async () => {
    const sent: SQL[] = [];
    const capturing = {
      execute: async (query: SQL) => {
        sent.push(query);
        return { rows: [] };
      },
    } as unknown as Db;
    await profileViewsRepository(capturing).viewers(ids[0]!, { after: null, limit: 7 });
    for (const settings of [{}, { plan_cache_mode: 'force_generic_plan' }] as Record<string, string>[]) {
      // the statement's own plan under its LIMIT (beside it, the recursion that makes the days)
      const [top] = await planNodes(database.db, sent[0]!, settings);
      const main = top!.Plans?.filter((n) => n['Parent Relationship'] === 'Outer') ?? [];
      expect(top!['Node Type']).toBe('Limit');
      expect(main.map((n) => [n['Node Type'], n.Plans?.[0]?.['Node Type']])).toEqual([['Nested Loop', 'CTE Scan']]);
    }
  });
});
