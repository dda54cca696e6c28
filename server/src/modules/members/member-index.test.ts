import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../../test/test-app';
import { viewersIn } from '../../../test/viewers';
import { seedLargeCommunity } from '../../seed/large';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';
import { createMemberIndex, DEVICE, VERIFIED, type MemberIndex, type MemberTable } from './member-index';
import { nearestInIndex, textMatches } from './index-search';

/**
 * Nearest-first searches take their candidates from the member index; the answer must be the one the
 * database alone gives, page after page, for every filter the index serves; a change must reach a live
 * index by its NOTIFY; and an index that has not heard of a change yet must never show anyone the
 * privacy rules now hide.
 */
let database: Database;
let drop: () => Promise<void>;
const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedLargeCommunity(database.db, { members: 1500, batch: 1000 });
  // some placed nowhere (an unknown town), some by their phone; a few at the very same instant
  await database.db.execute(sql`update profiles set location_lat = null, location_lng = null, location_source = null
    where abs(hashtext(user_id || 'u')) % 25 = 0`);
  await database.db.execute(sql`update profiles set location_source = 'device' where abs(hashtext(user_id || 'd')) % 8 = 0`);
  await database.db.execute(sql`update profiles set last_active_at = now() where abs(hashtext(user_id)) % 10 = 0`);
}, 120_000);
afterAll(() => drop());

const viewers = () => viewersIn(database.db, ['London', 'Manchester', 'Bristol'], { withBlocker: true });

const SEARCHES: Record<string, string>[] = [
  {},
  { type: 'couples' },
  { type: 'women', minAge: '30', maxAge: '45' },
  { verified: '1', withPhoto: '1' },
  { maxKm: '25' },
  { maxKm: '100', type: 'tvtscd' },
  { mobile: '1' },
  { creator: 'any' },
  { creator: 'video' },
  { location: 'Manchester' },
  { location: 'brist', maxKm: '300' },
  { joinedDays: '60', type: 'men' },
  { type: 'couples', minAge: '30', maxAge: '45', maxKm: '100', verified: '1', withPhoto: '1' },
  // online now (a tenth at the very same instant), nearest first as the Search results offer it
  { online: '1' },
  { online: '1', type: 'women', maxKm: '100' },
  // text: common and rare, a username and a name (username or display name), with other filters
  { q: 'owl' },
  { q: 'SCARLET_' },
  { q: 'fox1' },
  { name: 'ruby' },
  { name: 'sam', type: 'men' },
  { q: 'a', maxKm: '100' },
  { name: 'er', location: 'London' },
];

const walk = async (service: ReturnType<typeof membersService>, me: string, search: Record<string, string>, pages = 3) => {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < pages; page++) {
    const res = await service.list(
      me,
      membersQuerySchema.parse({ ...search, sort: 'nearest', limit: '12', ...(cursor ? { cursor } : {}) }),
    );
    // the whole card: the index's pages take the verified mark and the Like button's state elsewhere
    seen.push(...res.items.map((m) => JSON.stringify(m)));
    if (!res.nextCursor) break;
    cursor = res.nextCursor;
  }
  return seen;
};

/** A live index, ready. */
async function liveIndex(): Promise<MemberIndex> {
  const index = createMemberIndex(database, { mode: 'live' });
  await index.table();
  await until(async () => index.state() === 'ready');
  return index;
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('nearest first from the member index', () => {
  it('lists the same members in the same order as the database alone, page after page', async () => {
    const fromDatabase = membersService(membersRepository(database.db));
    const fromIndex = membersService(membersRepository(database.db, { index: createMemberIndex(database, { mode: 'per-call' }) }));
    const who = await viewers();
    expect(who.length).toBeGreaterThanOrEqual(3);
    // each viewer liked every third of their nearest: the Like button's state must agree as well
    for (const me of who) {
      const nearest = (await walk(fromDatabase, me, {}, 2)).map((c) => (JSON.parse(c) as { userId: string }).userId);
      for (const id of nearest.filter((_, i) => i % 3 === 0))
        await database.db.execute(sql`insert into likes (liker_id, liked_id, liked) values (${me}, ${id}, true) on conflict do nothing`);
    }
    let listed = 0;
    let liked = 0;
    for (const me of who)
      for (const search of SEARCHES) {
        const expected = await walk(fromDatabase, me, search);
        expect(await walk(fromIndex, me, search), JSON.stringify({ me, search })).toEqual(expected);
        listed += expected.length;
        liked += expected.filter((c) => c.includes('"liked":true')).length;
      }
    expect(liked).toBeGreaterThan(20);
    // the searches found people: a comparison of empty lists would prove nothing
    expect(listed).toBeGreaterThan(500);
  });

  it('pages Newest First and Verified First as the database does (past the verified, from the database)', async () => {
    const fromDatabase = membersService(membersRepository(database.db));
    const fromIndex = membersService(membersRepository(database.db, { index: createMemberIndex(database, { mode: 'per-call' }) }));
    // a few verified members who hide their activity and a small type: pages run past the verified ones
    await database.db.execute(sql`update profiles set hide_last_active = true where abs(hashtext(user_id || 'h')) % 6 = 0`);
    let listed = 0;
    for (const me of await viewers())
      for (const sort of ['newest', 'verified'])
        for (const search of [
          {},
          { type: 'women' },
          { type: 'tvtscd' },
          { joinedDays: '100', withPhoto: '1' },
          { maxKm: '50' },
          { creator: 'any' },
          { q: 'owl' },
          { name: 'ruby' },
          { q: 'fox1', type: 'couples' },
        ] as Record<string, string>[]) {
          const expected = await walk(fromDatabase, me, { ...search, sort }, 4);
          expect(await walk(fromIndex, me, { ...search, sort }, 4), JSON.stringify({ me, sort, search })).toEqual(expected);
          listed += expected.length;
        }
    expect(listed).toBeGreaterThan(1000);
  });

  it('hears every change by NOTIFY: a move, a verified mark, anonymous mode, a newcomer, a deletion', async () => {
    const index = await liveIndex();
    try {
      const table = (await index.table())!;
      const [a, b, c] = await rows<{ id: string }>(sql`select user_id as id from profiles
        where setup_completed_at is not null and not anonymous_mode and location_lat is not null and not hide_location
          and user_id like 'bulk-%' order by user_id limit 3`);
      const slot = (id: string) => table.slotOf.get(id);
      const before = table.cell[slot(a!.id)!];

      await database.db.execute(
        sql`update profiles set location_lat = 57.15, location_lng = -2.1, location_source = 'device' where user_id = ${a!.id}`,
      );
      await database.db.execute(sql`update "user" set verified = not verified where id = ${b!.id}`);
      const wasVerified = (table.flags[slot(b!.id)!]! & VERIFIED) !== 0;
      await database.db.execute(sql`update profiles set anonymous_mode = true where user_id = ${c!.id}`);
      await until(async () => {
        const s = slot(a!.id);
        return (
          s !== undefined &&
          table.cell[s] !== before &&
          (table.flags[s]! & DEVICE) !== 0 &&
          ((table.flags[slot(b!.id)!]! & VERIFIED) !== 0) !== wasVerified &&
          slot(c!.id) === undefined
        );
      });
      expect(table.cellY[table.cell[slot(a!.id)!]!]).toBe(57.15);

      // a new username is found by the next search, though the search before found nothing
      expect([...textMatches(table, { q: 'zebra_uniq' })!]).toEqual([]);
      await database.db.execute(sql`update profiles set username = 'Zebra_Unique_Name' where user_id = ${a!.id}`);
      await until(async () => table.usernames.get(slot(a!.id)!) === 'zebra_unique_name');
      expect([...textMatches(table, { q: 'zebra_uniq' })!]).toEqual([slot(a!.id)]);

      await database.db.execute(sql`update profiles set anonymous_mode = false where user_id = ${c!.id}`);
      await until(async () => slot(c!.id) !== undefined);
      await database.db.execute(sql`delete from "user" where id = ${c!.id}`);
      await until(async () => slot(c!.id) === undefined);
    } finally {
      await index.close();
    }
  });

  it('never places by distance a member the index has heard hide their location, though the online members were grouped before', async () => {
    const index = await liveIndex();
    try {
      const table = (await index.table())!;
      const [me] = await viewers();
      const [at] = await rows<{ lat: number; lng: number }>(
        sql`select location_lat as lat, location_lng as lng from profiles where user_id = ${me!}`,
      );
      const ctx = { me: me!, blocked: new Set<string>(), from: at!, orderFrom: at!, now: Date.now() };
      // the same instant: the online members grouped by cell for the first walk serve the second
      const first = nearestInIndex(table, { online: true }, ctx).next(5);
      expect(first.length).toBeGreaterThan(0);
      const hider = first[0]!;
      await database.db.execute(sql`update profiles set hide_location = true where user_id = ${hider}`);
      try {
        await until(async () => table.cell[table.slotOf.get(hider)!] === -1);
        const walk = nearestInIndex(table, { online: true }, ctx);
        const again = walk.next(500);
        expect(again.filter((id) => walk.placed(id))).not.toContain(hider);
      } finally {
        await database.db.execute(sql`update profiles set hide_location = false where user_id = ${hider}`);
      }
    } finally {
      await index.close();
    }
  });

  it('never lists a member an index has not heard about yet as hidden, anonymous or blocking', async () => {
    const index = await liveIndex();
    const stale: MemberTable = (await index.table())!;
    await index.close(); // hears nothing from here on
    const frozen: MemberIndex = { table: async () => stale, state: () => 'ready', close: async () => undefined };
    const service = membersService(membersRepository(database.db, { index: frozen }));
    const [me] = await viewers();
    const first = await walk(service, me!, {}, 1);
    const names = first.map((s) => (JSON.parse(s) as { username: string }).username);
    const ids = await rows<{ id: string; username: string }>(sql`select user_id as id, username from profiles
      where username = any(string_to_array(${names.slice(0, 3).join(',')}, ','))`);
    const byName = new Map(ids.map((r) => [r.username, r.id]));
    const [anonymous, blocking, hiding] = names.slice(0, 3).map((n) => byName.get(n)!);
    await database.db.execute(sql`update profiles set anonymous_mode = true where user_id = ${anonymous!}`);
    await database.db.execute(sql`insert into user_blocks (blocker_id, blocked_id) values (${blocking!}, ${me!})`);
    await database.db.execute(sql`update profiles set hide_location = true where user_id = ${hiding!}`);
    try {
      const after = await walk(service, me!, {}, 1);
      const listed = after.map((s) => (JSON.parse(s) as { username: string }).username);
      expect(listed).not.toContain(names[0]);
      expect(listed).not.toContain(names[1]);
      // still a member others may find, but never placed by distance: not among the nearest
      expect(listed).not.toContain(names[2]);
      // the page is still full: the index's next candidates took their places
      expect(listed).toHaveLength(first.length);
    } finally {
      await database.db.execute(
        sql`update profiles set anonymous_mode = false, hide_location = false where user_id in (${anonymous!}, ${hiding!})`,
      );
      await database.db.execute(sql`delete from user_blocks where blocker_id = ${blocking!} and blocked_id = ${me!}`);
    }
  });
});
