import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATIONSHIP_TYPES } from '@velvet/core/constants/options';
import { MEMBER_TYPE_GENDERS, ONLINE_MINUTES } from '@velvet/core/schemas/member.schema';
import { seededCommunity } from '../../../test/seeded-community';
import type { Database } from '../../db/client';
import { textArray } from '../../db/arrays';

// member_online (migration 0036), where online now, nearest first reads the members online by
// distance: kept by triggers on profiles, so it must hold every member a list may show as online and
// placed, with their type, activity and cell as the profile has them.
let database: Database;
let drop: () => Promise<void>;

let rows: Awaited<ReturnType<typeof seededCommunity>>['rows'];

/** member_online as it is, and as the profiles say it should be (placed, not hiding it, active in the last ten minutes). */
async function tableAndRule() {
  const columns = sql`user_id, gender, activity_key::text as ak, location_lat::text as lat, location_lng::text as lng`;
  const table = await rows(sql`select ${columns} from member_online order by user_id`);
  const rule = await rows(sql`select ${columns} from profiles where location_lat is not null and location_lng is not null
    and not hide_location and activity_key > now() - interval '10 minutes' order by user_id`);
  return { table, rule };
}
const expectKept = async () => {
  const { table, rule } = await tableAndRule();
  expect(table).toEqual(rule);
  return table.length;
};
const inTable = async (id: string) => (await rows(sql`select 1 from member_online where user_id = ${id}`)).length === 1;

let ids: string[];
beforeAll(async () => {
  ({ database, drop, rows } = await seededCommunity());
  // members placed for others and showing their activity: those the table keeps while they are active
  ids = (
    await rows<{ id: string }>(
      sql`select user_id as id from profiles where location_lat is not null and not hide_location and not hide_last_active order by user_id`,
    )
  ).map((r) => r.id);
}, 120_000);
afterAll(() => drop());

describe('the members online, kept from the profiles', () => {
  it('holds, after a seed of new profiles (one insert), every member placed and active within the window, and nobody else', async () => {
    // the seed makes 2 % of its members active in the last four minutes
    expect(await expectKept()).toBeGreaterThan(0);
  });

  it('holds, after members come and go, every member placed and active within the window, and nobody else', async () => {
    await database.db.execute(sql`update profiles set last_active_at = now() - interval '1 hour'`);
    await database.db.execute(
      sql`update profiles set last_active_at = now() - interval '1 minute' where user_id = any(${textArray(ids.slice(0, 9))})`,
    );
    expect(await expectKept()).toBe(9);
  });

  it("keeps the window wider than the lists' online now", () => {
    // rows past ten minutes are pruned: a wider online window would need members the table has let go
    expect(ONLINE_MINUTES).toBeLessThan(10);
  });

  it("carries each relationship type's member type as core's MEMBER_TYPE_GENDERS has it (written into the migration from it)", async () => {
    const id = ids[25]!;
    await database.db.execute(sql`update profiles set last_active_at = now() where user_id = ${id}`);
    for (const gender of RELATIONSHIP_TYPES) {
      await database.db.execute(sql`update profiles set gender = ${gender} where user_id = ${id}`);
      const [row] = await rows<{ type: string | null }>(sql`select member_type as type from member_online where user_id = ${id}`);
      const type = Object.entries(MEMBER_TYPE_GENDERS).find(([, genders]) => genders.includes(gender))?.[0] ?? null;
      expect(row?.type, gender).toBe(type);
    }
  });

  it('follows a member going online, moving, changing type, hiding their activity or place, and leaving', async () => {
    const [id] = ids.slice(20);
    await database.db.execute(sql`update profiles set last_active_at = now() where user_id = ${id}`);
    expect(await inTable(id!)).toBe(true);
    await database.db.execute(sql`update profiles set location_lat = 53.5, location_lng = -2.25 where user_id = ${id}`);
    await database.db.execute(sql`update profiles set gender = 'male-female-couple' where user_id = ${id}`);
    await expectKept();
    await database.db.execute(sql`update profiles set hide_last_active = true where user_id = ${id}`);
    expect(await inTable(id!)).toBe(false);
    await database.db.execute(sql`update profiles set hide_last_active = false where user_id = ${id}`);
    expect(await inTable(id!)).toBe(true);
    await database.db.execute(sql`update profiles set hide_location = true where user_id = ${id}`);
    expect(await inTable(id!)).toBe(false);
    await database.db.execute(
      sql`update profiles set hide_location = false, location_lat = null, location_lng = null where user_id = ${id}`,
    );
    expect(await inTable(id!)).toBe(false);
    await database.db.execute(
      sql`update profiles set location_lat = 51.5, location_lng = -0.12, last_active_at = now() where user_id = ${id}`,
    );
    expect(await inTable(id!)).toBe(true);
    await expectKept();
    await database.db.execute(sql`delete from "user" where id = ${id}`);
    expect(await inTable(id!)).toBe(false);
  });

  it('lets go of members gone offline whenever someone comes online, never growing with everyone who was ever online', async () => {
    // rows as they are once their members' activity is older than the window (time cannot be moved
    // in the database: the rows are aged instead)
    await database.db.execute(sql`update member_online set activity_key = now() - interval '11 minutes'`);
    const stale = await rows<{ user_id: string }>(sql`select user_id from member_online`);
    expect(stale.length).toBeGreaterThanOrEqual(8);
    // a heartbeat of a member already here changes their row alone
    const [staying] = stale;
    await database.db.execute(sql`update profiles set last_active_at = now() where user_id = ${staying!.user_id}`);
    expect((await rows(sql`select 1 from member_online`)).length).toBe(stale.length);
    // a member coming online takes every stale row with them
    const coming = ids.find((id) => !stale.some((r) => r.user_id === id))!;
    await database.db.execute(sql`update profiles set last_active_at = now() where user_id = ${coming}`);
    const left = await rows<{ user_id: string }>(sql`select user_id from member_online order by user_id`);
    expect(left.map((r) => r.user_id)).toEqual([staying!.user_id, coming].sort());
    // (their profiles aged as their rows were)
    const gone = stale.filter((r) => r.user_id !== staying!.user_id).map((r) => r.user_id);
    await database.db.execute(
      sql`update profiles set last_active_at = now() - interval '11 minutes' where user_id = any(${textArray(gone)})`,
    );
    await expectKept();
  });

  it("rewrites a member's row on each heartbeat without adding to its index (a heap-only update)", async () => {
    const online = ids.slice(40, 50);
    for (const id of online) await database.db.execute(sql`update profiles set last_active_at = now() where user_id = ${id}`);
    const indexSize = async () => Number((await rows<{ n: string }>(sql`select pg_relation_size('member_online_nearest_idx') as n`))[0]!.n);
    const before = await indexSize();
    for (let beat = 0; beat < 60; beat++)
      for (const id of online)
        await database.db.execute(sql`update profiles set last_active_at = now() + ${beat} * interval '1 ms' where user_id = ${id}`);
    expect(await indexSize()).toBe(before);
    await expectKept();
  });
});
