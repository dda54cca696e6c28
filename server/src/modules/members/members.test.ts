import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MemberCard, MembersResponse } from '@velvet/core/schemas/member.schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, signedInMember, type Client } from '../../../test/http';
import { finishedMember, type FinishedMemberOptions } from '../../../test/members';
import { profiles, user, userBlocks } from '../../db/schema/index';

let t: TestApp;
let me: Client;
let meId: string;
const ids: Record<string, string> = {};

async function member(name: string, opts: FinishedMemberOptions) {
  const made = await finishedMember(t, name, opts);
  ids[name] = made.id;
  return made;
}

const list = async (query = '', who: Client = me) => {
  const res = await who.get(`/api/v1/members${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as MembersResponse;
};
const names = (cards: MemberCard[]) => cards.map((m) => m.username);
const setProfile = (name: string, values: Partial<typeof profiles.$inferInsert>) =>
  t.database.db.update(profiles).set(values).where(eq(profiles.userId, ids[name]!));

beforeAll(async () => {
  t = await createTestApp();
  ({ c: me, id: meId } = await member('me_manc', { city: 'Manchester' }));
  // one after another: created_at gives 'newest' a known order
  await member('sal_ford', { city: 'Salford' });
  await member('leeds_pair', { city: 'Leeds', gender: 'male-female-couple', age: 28, partnerAge: 32 });
  await member('london_one', { city: 'London' });
  await member('nowhere_one', { city: 'Atlantis' });
  await member('hidden_loc', { city: 'Stockport' });
  await member('anon_one', { city: 'Manchester' });
  await member('blocked_me', { city: 'Manchester' });
  await member('i_blocked', { city: 'Manchester' });
  const half = await signedInMember(t, 'half@example.com');
  await half.post('/api/v1/profiles', { username: 'half_done', displayName: 'Half' });

  await setProfile('hidden_loc', { hideLocation: true });
  await setProfile('anon_one', { anonymousMode: true });
  await t.database.db.insert(userBlocks).values([
    { blockerId: ids.blocked_me!, blockedId: meId },
    { blockerId: meId, blockedId: ids.i_blocked! },
  ]);
});
afterAll(() => t.close());

describe('GET /api/v1/members', () => {
  it('needs a signed-in member', async () => {
    const res = await t.app.request('/api/v1/members');
    expect(res.status).toBe(401);
  });

  it('lists finished profiles nearest first, with coarse distances only', async () => {
    const { items } = await list();
    expect(names(items).slice(0, 3)).toEqual(['sal_ford', 'leeds_pair', 'london_one']);
    const byName = Object.fromEntries(items.map((m) => [m.username, m]));
    expect(byName.sal_ford!.distance).toMatch(/^(< 1 mile|~2 miles|~5 miles)$/);
    expect(byName.leeds_pair!.distance).toBe('25+ miles');
    expect(byName.leeds_pair!.ageText).toBe('28 & 32');
    expect(byName.leeds_pair!.kind).toBe('couple');
    expect(byName.london_one!.location).toBe('London');
    // no raw or snapped coordinates leave the server
    expect(JSON.stringify(items)).not.toMatch(/lat|lng|53\.\d{3}/i);
    // an unknown town is not placed: listed after everyone placed, with no distance
    expect(byName.nowhere_one!.distance).toBeNull();
  });

  it('never lists the member, unfinished profiles, anonymous members or anyone on either side of a block', async () => {
    for (const sort of ['nearest', 'newest', 'online', 'verified']) {
      const shown = names((await list(`?sort=${sort}&limit=60`)).items);
      for (const hidden of ['me_manc', 'half_done', 'anon_one', 'blocked_me', 'i_blocked']) expect(shown, `${sort}`).not.toContain(hidden);
    }
    // and the blocked members do not see me either
    const blocker = await signedInMemberAgain('blocked_me');
    expect(names((await list('?limit=60', blocker)).items)).not.toContain('me_manc');
  });

  it("shows a 'Hide Location' member without city or distance, and never places them by distance", async () => {
    const { items } = await list('?limit=60');
    const hidden = items.find((m) => m.username === 'hidden_loc')!;
    expect(hidden.location).toBeNull();
    expect(hidden.distance).toBeNull();
    // Stockport is ~6 miles from Manchester, but a hidden member goes after every placed one
    const order = names(items);
    expect(order.indexOf('hidden_loc')).toBeGreaterThan(order.indexOf('london_one'));
    // nor can a location search find them by their town
    expect(names((await list('?location=stockport')).items)).toEqual([]);
  });

  it('searches usernames and towns as typed, case-insensitively, with % and _ taken literally', async () => {
    expect(names((await list('?q=LEEDS')).items)).toEqual(['leeds_pair']);
    expect(names((await list('?q=_')).items).sort()).toEqual(['hidden_loc', 'leeds_pair', 'london_one', 'nowhere_one', 'sal_ford']);
    expect(names((await list('?q=%25')).items)).toEqual([]);
    expect(names((await list('?location=lond')).items)).toEqual(['london_one']);
  });

  it('sorts by newest, online and verified; hidden activity never shows as online or leads', async () => {
    expect(names((await list('?sort=newest')).items)[0]).toBe('hidden_loc');

    await t.database.db.update(profiles).set({ lastActiveAt: sql`now() - interval '2 hours'` });
    await setProfile('london_one', { lastActiveAt: new Date() });
    await setProfile('leeds_pair', { lastActiveAt: new Date(), hideLastActive: true });
    const online = (await list('?sort=online')).items;
    expect(online[0]!.username).toBe('london_one');
    expect(online[0]!.online).toBe(true);
    const leeds = online.find((m) => m.username === 'leeds_pair')!;
    expect(leeds.online).toBe(false);
    expect(names(online).indexOf('leeds_pair')).toBe(online.length - 1);

    const online2 = await me.get('/api/v1/members/online-count');
    expect(online2.json).toEqual({ online: 1 });

    await t.database.db.update(user).set({ verified: true }).where(eq(user.id, ids.nowhere_one!));
    expect(names((await list('?sort=verified')).items)[0]).toBe('nowhere_one');
    expect((await list('?sort=verified')).items[0]!.verified).toBe(true);
  });

  it('pages without gaps or repeats', async () => {
    const first = await list('?sort=newest&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe('2');
    const second = await list(`?sort=newest&limit=2&cursor=${first.nextCursor}`);
    const third = await list(`?sort=newest&limit=2&cursor=${second.nextCursor}`);
    const all = [...first.items, ...second.items, ...third.items].map((m) => m.username);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(names((await list('?sort=newest&limit=6')).items));
    expect(third.nextCursor).toBeNull();
  });

  it('refuses a bad sort, cursor or limit with a clear 400', async () => {
    for (const query of ['?sort=closest', '?cursor=abc', '?cursor=-1', '?limit=0', '?limit=1000', `?q=${'x'.repeat(61)}`]) {
      const res = await me.get(`/api/v1/members${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.code, query).toBe('VALIDATION_FAILED');
      expect(res.json.error.message, query).toBeTruthy();
    }
    // injection strings are only text to search for
    expect((await list(`?q=${encodeURIComponent("' or 1=1 --")}`)).items).toEqual([]);
  });
});

/** Signs the named member in again (a second client for their view). */
async function signedInMemberAgain(name: string) {
  const c = client(t);
  const res = await c.post('/api/auth/sign-in/email', { email: `${name}@example.com`, password: 'correct-horse-1' });
  expect(res.status).toBe(200);
  return c;
}

describe("Who's Near: the device's position, kept as a cell", () => {
  it('places the member at the cell of the reported position, lists who is within the distance, and turns off again', async () => {
    expect((await me.get('/api/v1/members/me/location')).json).toEqual({ whosNear: false, placed: true });
    // Leeds city centre, to the metre: what is stored is the cell centre, never this
    const raw = { lat: 53.79648, lng: -1.54785 };
    const on = await me.request('PUT', '/api/v1/members/me/location', raw);
    expect(on.status, on.text).toBe(200);
    expect(on.json).toEqual({ whosNear: true, placed: true });
    const [stored] = await t.database.db
      .select({ lat: profiles.locationLat, lng: profiles.locationLng, source: profiles.locationSource })
      .from(profiles)
      .where(eq(profiles.userId, meId));
    expect(stored!.source).toBe('device');
    expect(stored!.lat).not.toBe(raw.lat);
    expect(Math.abs(stored!.lat! - raw.lat)).toBeLessThan(0.0046);
    expect(Math.abs(stored!.lng! - raw.lng)).toBeLessThan(0.0076);

    // within 50 km of Leeds: the Leeds couple, not Manchester folk 60 km away or London
    expect(names((await list('?maxKm=50')).items)).toEqual(['leeds_pair']);
    expect(names((await list('?maxKm=100')).items)).toContain('sal_ford');
    // a city edit does not move a member whose device placed them
    await me.request('PUT', '/api/v1/profiles/me/setup', { step: 2, age: 30, locationCity: 'Bristol' });
    expect(names((await list('?maxKm=50')).items)).toEqual(['leeds_pair']);

    const off = await me.delete('/api/v1/members/me/location');
    expect(off.json).toEqual({ whosNear: false, placed: true });
    expect(names((await list('?maxKm=50')).items)).toEqual([]);
  });

  it('refuses positions that are not on Earth or not numbers, changing nothing', async () => {
    for (const body of [{}, { lat: 91, lng: 0 }, { lat: 0, lng: 181 }, { lat: '53', lng: '-2' }, { lat: null, lng: null }]) {
      const res = await me.request('PUT', '/api/v1/members/me/location', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await me.get('/api/v1/members/me/location')).json.whosNear).toBe(false);
    for (const query of ['?maxKm=4', '?maxKm=501', '?maxKm=x']) expect((await me.get(`/api/v1/members${query}`)).status, query).toBe(400);
  });
});
