import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MEMBERS_PAGE_MAX, membersQuerySchema } from '@velvet/core/schemas/member.schema';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { viewersIn } from '../../../test/viewers';
import { seedLargeCommunity } from '../../seed/large';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';
import { createOnlineRoster } from './online-roster';
import { createMemberIndex } from './member-index';
import { visibleActivity, visibleTo } from '../../db/visibility';

/**
 * The Online tiles read their candidates from the online roster; the answer must be the one the
 * database alone gives (the nearest-first read through the cell index), page after page, for every
 * filter the roster serves, with the privacy rules and the ties between members in the same cell.
 */
let database: Database;
let drop: () => Promise<void>;
const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedLargeCommunity(database.db, { members: 2000, batch: 1000 });
  // four in ten online: one in ten at the very same instant (ties on activity as well as on cells)
  await database.db.execute(sql`update profiles set last_active_at = case
      when abs(hashtext(user_id)) % 10 = 0 then now()
      else now() - make_interval(secs => abs(hashtext(user_id || 'a')) % 240) end
    where abs(hashtext(user_id)) % 10 < 4`);
  // some placed nowhere (an unknown town): listed after everyone placed, or by activity alone
  await database.db.execute(sql`update profiles set location_lat = null, location_lng = null, location_source = null
    where abs(hashtext(user_id || 'u')) % 25 = 0`);
  // a few placed by their phone, for Who's Mobile Nearby
  await database.db.execute(sql`update profiles set location_source = 'device' where abs(hashtext(user_id || 'd')) % 8 = 0`);
}, 120_000);
afterAll(() => drop());

const viewers = async () => {
  // a member with blocks both ways, members in three towns, and one placed nowhere
  const [nowhere] = await rows<{ id: string }>(sql`select user_id as id from profiles
    where location_lat is null and setup_completed_at is not null order by user_id limit 1`);
  return [...(await viewersIn(database.db, ['London', 'Leeds', 'Bristol'], { withBlocker: true })), nowhere!.id];
};

const SEARCHES: Record<string, string>[] = [
  { online: '1' },
  { type: 'couples', online: '1' },
  { type: 'women', online: '1' },
  { type: 'men', online: '1' },
  { type: 'tvtscd', online: '1' },
  { online: '1', maxKm: '25' },
  { online: '1', minAge: '30', maxAge: '45', verified: '1' },
  { online: '1', withPhoto: '1', type: 'couples', maxKm: '100' },
  { online: '1', mobile: '1' },
  { online: '1', joinedDays: '200' },
  // Online First, as the Search hub's tiles send them
  { online: '1', sort: 'online' },
  { type: 'couples', online: '1', sort: 'online' },
  { type: 'women', online: '1', sort: 'online' },
  { online: '1', sort: 'online', maxKm: '30', verified: '1' },
];

describe('the Online tiles from the roster', () => {
  it('list the same members in the same order as the database alone, page after page', async () => {
    const fromDatabase = membersService(membersRepository(database.db));
    const fromRoster = membersService(membersRepository(database.db, { roster: createOnlineRoster(database.db, { ttlMs: 0 }) }));
    const who = await viewers();
    expect(who.length).toBeGreaterThanOrEqual(3);
    let listed = 0;
    for (const me of who)
      for (const search of SEARCHES) {
        const walk = async (service: typeof fromDatabase) => {
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let page = 0; page < 4; page++) {
            const q = membersQuerySchema.parse({ ...search, limit: '9', ...(cursor ? { cursor } : {}) });
            const res = await service.list(me, q);
            seen.push(...res.items.map((m) => `${m.username} ${m.distance ?? '-'} ${m.online}`));
            if (!res.nextCursor) break;
            cursor = res.nextCursor;
          }
          return seen;
        };
        const expected = await walk(fromDatabase);
        expect(await walk(fromRoster), `${me} ${JSON.stringify(search)}`).toEqual(expected);
        listed += expected.length;
      }
    // the searches found members to compare (not a comparison of empty lists)
    expect(listed).toBeGreaterThan(500);
  });

  it('never lists a member who went offline, turned anonymous or blocked since the roster was read; newcomers wait for the next read', async () => {
    let clock = 1_000_000;
    const roster = createOnlineRoster(database.db, { ttlMs: 5000, now: () => clock });
    const service = membersService(membersRepository(database.db, { roster }));
    const [me] = await viewers();
    // every page of the tile
    const tile = async () => {
      const names: string[] = [];
      for (let cursor: string | null = '0'; cursor !== null;) {
        const res = await service.list(me!, membersQuerySchema.parse({ online: '1', limit: String(MEMBERS_PAGE_MAX), cursor }));
        names.push(...res.items.map((m) => m.username));
        cursor = res.nextCursor;
      }
      return names;
    };
    const first = await tile();
    expect(first.length).toBeGreaterThanOrEqual(3);
    const [gone, anonymous, blocking] = first;
    const usernameOf = (name: string) => sql`(select user_id from profiles where username = ${name})`;
    await database.db.execute(sql`update profiles set last_active_at = now() - interval '1 hour' where username = ${gone!}`);
    await database.db.execute(sql`update profiles set anonymous_mode = true where username = ${anonymous!}`);
    await database.db.execute(sql`insert into user_blocks (blocker_id, blocked_id) values (${usernameOf(blocking!)}, ${me!})`);
    const [newcomer] = await rows<{ username: string }>(sql`select username from profiles p
      where p.location_lat is not null and not p.hide_location and not p.anonymous_mode and not p.hide_last_active
        and p.setup_completed_at is not null and p.last_active_at < now() - interval '1 hour'
        and not exists (select 1 from user_blocks b where (b.blocker_id = p.user_id and b.blocked_id = ${me!}) or (b.blocker_id = ${me!} and b.blocked_id = p.user_id))
      order by user_id limit 1`);
    await database.db.execute(sql`update profiles set last_active_at = now() where username = ${newcomer!.username}`);

    // within the roster's time: the three are gone at once; the newcomer is not listed yet
    clock += 4000;
    const soon = await tile();
    expect(soon).not.toContain(gone);
    expect(soon).not.toContain(anonymous);
    expect(soon).not.toContain(blocking);
    expect(soon).not.toContain(newcomer!.username);
    expect(soon).toEqual(first.filter((n) => n !== gone && n !== anonymous && n !== blocking));
    expect(await service.onlineCount()).toBe((await roster.members()).length);

    // past it: this call starts the next read, and a call after that read lists the newcomer
    clock += 2000;
    await tile();
    await new Promise((r) => setTimeout(r, 200));
    await expect.poll(tile).toContain(newcomer!.username);

    // long unused: read before answering
    await database.db.execute(sql`update profiles set last_active_at = now() - interval '1 hour' where username = ${newcomer!.username}`);
    clock += 60_000;
    expect((await roster.members()).map((m) => m.id)).not.toContain(
      (await rows<{ id: string }>(sql`select user_id as id from profiles where username = ${newcomer!.username}`))[0]!.id,
    );
  });
});

describe('Online First from a roster read a moment ago', () => {
  it('pages without repeating or skipping anyone whose activity moved since the read', async () => {
    const clock = 0;
    const roster = createOnlineRoster(database.db, { ttlMs: 5000, now: () => clock });
    const service = membersService(membersRepository(database.db, { roster }));
    const [me] = await viewers();
    const page = async (cursor: string) =>
      (await service.list(me!, membersQuerySchema.parse({ online: '1', sort: 'online', limit: '5', cursor }))).items.map((m) => m.username);
    const first = await page('0');
    const whole = [...first, ...(await page('5')), ...(await page('10'))];
    // someone further down becomes the most recently active, between page 1 and page 2
    await database.db.execute(sql`update profiles set last_active_at = now() + interval '1 second' where username = ${whole[12]!}`);
    const second = await page('5');
    const third = await page('10');
    expect([...first, ...second, ...third]).toEqual(whole);
    expect(new Set([...first, ...second, ...third]).size).toBe(15);
  });
});

describe('nearest first from the cell index', () => {
  it('pages in the order of distance, then activity, then id, as one full sort of every member would (database and member index)', async () => {
    const fromDatabase = membersService(membersRepository(database.db));
    const fromIndex = membersService(membersRepository(database.db, { index: createMemberIndex(database, { mode: 'per-call' }) }));
    const walkWith = async (service: typeof fromDatabase, me: string, search: Record<string, string>) => {
      const seen: string[] = [];
      let cursor: string | null = '0';
      while (cursor !== null && seen.length < 40) {
        const res = await service.list(me, membersQuerySchema.parse({ ...search, limit: '8', cursor }));
        seen.push(...res.items.map((m) => m.username));
        cursor = res.nextCursor;
      }
      return seen;
    };
    const both = async (me: string, search: Record<string, string>) => {
      const listed = await walkWith(fromDatabase, me, search);
      expect(await walkWith(fromIndex, me, search)).toEqual(listed);
      return listed;
    };
    for (const me of await viewers()) {
      const [at] = await rows<{ lat: number | null; lng: number | null }>(
        sql`select location_lat as lat, location_lng as lng from profiles where user_id = ${me}`,
      );
      if (at!.lat === null || at!.lng === null) {
        // placed nowhere: most recently active first, and nobody is within a distance of them
        const byActivity = await rows<{ username: string }>(sql`select p.username from profiles p where ${visibleTo(me)}
          order by ${visibleActivity} desc nulls last, p.user_id limit 40`);
        expect(await both(me, {})).toEqual(byActivity.map((r) => r.username));
        expect(await both(me, { maxKm: '50' })).toEqual([]);
        continue;
      }
      const cell = sql`point((p.location_lng + 2) * cos(radians(p.location_lat)), p.location_lat)`;
      const here = sql`point(${(Number(at!.lng) + 2) * Math.cos((Number(at!.lat) * Math.PI) / 180)}::float8, ${Number(at!.lat)}::float8)`;
      const reference = async (maxKm?: number) =>
        (
          await rows<{ username: string }>(sql`select p.username from profiles p
            where ${visibleTo(me)} ${maxKm === undefined ? sql`` : sql`and p.location_lat is not null and not p.hide_location and ${cell} <-> ${here} <= ${maxKm / 111.2 + 1e-9}`}
            order by (p.location_lat is null or p.hide_location), case when p.location_lat is null or p.hide_location then null else floor((${cell} <-> ${here}) * 1e6) end,
              ${visibleActivity} desc nulls last, p.user_id
            limit 40`)
        ).map((r) => r.username);
      expect(await both(me, {})).toEqual(await reference());
      expect(await both(me, { maxKm: '50' })).toEqual(await reference(50));
    }
  });
});
