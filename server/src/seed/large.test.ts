import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUPLE_GROUP_INTERESTS, CREATOR_TAG, CREATOR_TYPES, SINGLE_INTERESTS } from '@velvet/core/constants/options';
import { snapToCell } from '@velvet/core/geo/grid';
import type { Database } from '../db/client';
import { openTestDatabase } from '../../test/test-app';
import { seedLargeCommunity } from './large';

const MEMBERS = 3000;

describe('the large community for benchmarks', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const one = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows[0] as T;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await seedLargeCommunity(database.db, { members: MEMBERS, batch: 1000 });
  });
  afterAll(() => drop());

  it('creates every member with an account and a profile, and adds nothing when run again', async () => {
    await seedLargeCommunity(database.db, { members: MEMBERS, batch: 1000 });
    const counts = await one<{ users: number; accounts: number; profiles: number }>(sql`
      select (select count(*)::int from "user" where id like 'bulk-%') as users,
             (select count(*)::int from account where user_id like 'bulk-%') as accounts,
             (select count(*)::int from profiles where user_id like 'bulk-%') as profiles`);
    expect(counts).toEqual({ users: MEMBERS, accounts: MEMBERS, profiles: MEMBERS });
  });

  it('places every member on a grid cell centre, never a raw position', async () => {
    const { rows } = await database.db.execute<{ lat: number; lng: number }>(
      sql`select location_lat as lat, location_lng as lng from profiles where user_id like 'bulk-%' and location_lat is not null`,
    );
    expect(rows).toHaveLength(MEMBERS);
    for (const r of rows.slice(0, 500))
      expect(snapToCell({ lat: Number(r.lat), lng: Number(r.lng) })).toEqual({ lat: Number(r.lat), lng: Number(r.lng) });
  });

  it('mixes kinds, ages, privacy settings and activity like a real community', async () => {
    const mix = await one<Record<string, number>>(sql`
      select avg((kind <> 'individual')::int)::float as couples,
             min(age)::int as youngest, max(age)::int as oldest,
             avg((kind <> 'individual' and partner_age is null)::int)::float as couples_without_partner_age,
             avg((kind = 'individual' and partner_age is not null)::int)::float as singles_with_partner_age,
             avg(anonymous_mode::int)::float as anonymous, avg(hide_location::int)::float as hide_location,
             avg(hide_last_active::int)::float as hide_last_active,
             avg((last_active_at > now() - interval '5 minutes')::int)::float as online,
             avg((created_at > now() - interval '14 days')::int)::float as new,
             avg((setup_completed_at is null)::int)::float as unfinished,
             avg((location_source = 'device')::int)::float as device
      from profiles where user_id like 'bulk-%'`);
    expect(mix.couples).toBeGreaterThan(0.3);
    expect(mix.couples).toBeLessThan(0.5);
    expect(mix.youngest).toBeGreaterThanOrEqual(18);
    expect(mix.oldest).toBeLessThanOrEqual(70);
    expect(mix.couples_without_partner_age).toBe(0);
    expect(mix.singles_with_partner_age).toBe(0);
    for (const share of ['anonymous', 'hide_location', 'hide_last_active', 'online', 'new', 'unfinished', 'device']) {
      expect(mix[share], share).toBeGreaterThan(0.005);
      expect(mix[share], share).toBeLessThan(0.15);
    }
    const verified = await one<{ share: number }>(sql`select avg(verified::int)::float as share from "user" where id like 'bulk-%'`);
    expect(verified.share).toBeGreaterThan(0.1);
    expect(verified.share).toBeLessThan(0.2);
  });

  it('gives interests from the list each type may choose, and creator tags to a few', async () => {
    const { rows } = await database.db.execute<{ kind: string; interests: string[] }>(
      sql`select kind, interests from profiles where user_id like 'bulk-%'`,
    );
    const creatorValues = new Set<string>([CREATOR_TAG, ...CREATOR_TYPES]);
    let creators = 0;
    for (const r of rows) {
      const allowed = new Set<string>(r.kind === 'individual' ? SINGLE_INTERESTS : COUPLE_GROUP_INTERESTS);
      const chosen = r.interests.filter((i) => !creatorValues.has(i));
      expect(chosen.length).toBeGreaterThanOrEqual(1);
      expect(chosen.every((i) => allowed.has(i))).toBe(true);
      if (r.interests.includes(CREATOR_TAG)) creators++;
    }
    expect(creators).toBeGreaterThan(0);
    expect(creators / rows.length).toBeLessThan(0.06);
  });

  it('adds blocks, likes with some matches, and profile views, never with oneself', async () => {
    const rel = await one<Record<string, number>>(sql`
      select (select count(*)::int from user_blocks where blocker_id like 'bulk-%') as blocks,
             (select count(*)::int from user_blocks where blocker_id = blocked_id) as self_blocks,
             (select count(*)::int from likes) as likes,
             (select count(*)::int from likes a join likes b on b.liker_id = a.liked_id and b.liked_id = a.liker_id where a.liked and b.liked) as match_rows,
             (select count(*)::int from likes where liker_id = liked_id) as self_likes,
             (select count(*)::int from profile_views) as views,
             (select count(*)::int from profile_views where viewer_id = viewed_id) as self_views`);
    expect(rel.blocks).toBeGreaterThan(0);
    expect(rel.likes).toBeGreaterThan(MEMBERS);
    expect(rel.match_rows).toBeGreaterThan(0);
    expect(rel.views).toBeGreaterThan(MEMBERS / 2);
    expect([rel.self_blocks, rel.self_likes, rel.self_views]).toEqual([0, 0, 0]);
  });
});
