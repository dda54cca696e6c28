import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random } from '../../test/random';
import { seededCommunity } from '../../test/seeded-community';
import { seedLargeCommunity } from '../seed/large';
import type { Database } from './client';
import { textArray } from './arrays';
import { shownToAnyone } from './visibility';

// member_counts (migration 0039), the community-wide counts every member's screens show: kept by
// triggers on profiles, so after any change it must say what counting the profiles by the rule of
// db/visibility.ts says.
let database: Database;
let drop: () => Promise<void>;

let rows: Awaited<ReturnType<typeof seededCommunity>>['rows'];
const kept = async () => Number((await rows<{ n: string | number }>(sql`select verified_shown as n from member_counts`))[0]!.n);
/** The verified members anyone may be shown, counted from the profiles by visibility.ts's own rule. */
const counted = async () =>
  Number((await rows<{ n: string | number }>(sql`select count(*) as n from profiles p where p.verified and ${shownToAnyone}`))[0]!.n);
const expectKept = async () => {
  const n = await counted();
  expect(await kept()).toBe(n);
  return n;
};

let ids: string[];
beforeAll(async () => {
  ({ database, drop, rows, ids } = await seededCommunity());
}, 120_000);
afterAll(() => drop());

describe('the community counts, kept from the profiles', () => {
  it('counts, after a seed of new profiles (one insert), the verified members anyone may be shown', async () => {
    expect(await expectKept()).toBeGreaterThan(0);
  });

  it('follows every change that moves a member in or out of the count, and none that does not', async () => {
    const next = random(20261129);
    const pick = () => ids[Math.floor(next() * ids.length)]!;
    // each as the app makes it: the account's tick and suspension on "user" (copied to the profile
    // by triggers), the rest on the profile; several members at once as well as one
    const changes = [
      (id: string) => sql`update "user" set verified = not verified where id = ${id}`,
      (id: string) => sql`update "user" set banned = not coalesce(banned, false) where id = ${id}`,
      (id: string) => sql`update profiles set anonymous_mode = not anonymous_mode where user_id = ${id}`,
      (id: string) =>
        sql`update profiles set setup_completed_at = case when setup_completed_at is null then now() end where user_id = ${id}`,
      // a heartbeat: no change to the count
      (id: string) => sql`update profiles set last_active_at = now() where user_id = ${id}`,
      (id: string) => sql`update "user" set verified = true where id = any(${textArray([id, pick(), pick()])})`,
      (id: string) => sql`update profiles set anonymous_mode = false where user_id = any(${textArray([id, pick()])})`,
    ];
    let moved = 0;
    let before = await counted();
    for (let i = 0; i < 120; i++) {
      await database.db.execute(changes[Math.floor(next() * changes.length)]!(pick()));
      const now = await expectKept();
      if (now !== before) moved++;
      before = now;
    }
    // the sequence did move the count, both ways, not only leave it be
    expect(moved).toBeGreaterThan(20);
  }, 120_000);

  it('takes off a deleted account, and adds what a later seed adds', async () => {
    const verified = await rows<{ id: string }>(sql`select p.user_id as id from profiles p where p.verified and ${shownToAnyone} limit 2`);
    expect(verified).toHaveLength(2);
    const before = await kept();
    await database.db.execute(sql`delete from "user" where id = any(${textArray(verified.map((r) => r.id))})`);
    expect(await expectKept()).toBe(before - 2);
    await seedLargeCommunity(database.db, { members: 400, batch: 400 });
    expect(await expectKept()).toBeGreaterThan(before - 2);
  }, 120_000);

  it('is one row: a second cannot be added', async () => {
    await expect(database.db.execute(sql`insert into member_counts (id, verified_shown) values (false, 0)`)).rejects.toThrow();
    await expect(database.db.execute(sql`insert into member_counts (verified_shown) values (0)`)).rejects.toThrow();
  });
});
