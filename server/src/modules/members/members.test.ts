import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { MemberCard, MembersResponse } from '@velvet/core/schemas/member.schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, signedInMember, type Client } from '../../../test/http';
import { expectNoPositionIn, finishedMember, type FinishedMemberOptions } from '../../../test/members';
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
    expectNoPositionIn(items);
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

  it('keeps nearest-first order in a username or name search: placed matches by distance, then the unplaced', async () => {
    const all = names((await list('?limit=60')).items);
    // usernames' words are parted by '_' and '.'
    const startsAWord = (username: string, part: string) => username.split(/[_.]/).some((word) => word.startsWith(part));
    for (const [query, part] of [
      ['?q=one', 'one'],
      ['?name=ONE', 'one'],
      ['?q=l', 'l'],
    ] as const) {
      const expected = all.filter((n) => startsAWord(n, part));
      expect(expected.length, query).toBeGreaterThan(1);
      expect(names((await list(`${query}&limit=60`)).items), query).toEqual(expected);
    }
    expect(names((await list('?q=one&limit=60')).items)).toEqual(['london_one', 'nowhere_one']);
  });

  it('searches usernames where a word begins, case-insensitively, any punctuation read as a space; towns anywhere', async () => {
    expect(names((await list('?q=LEEDS')).items)).toEqual(['leeds_pair']);
    expect(names((await list('?q=leeds_p')).items)).toEqual(['leeds_pair']);
    expect(names((await list('?q=Leeds%20Pair')).items)).toEqual(['leeds_pair']);
    expect(names((await list('?q=leeds%25p')).items)).toEqual(['leeds_pair']);
    // what comes before a word is left out (the '@' of a card); the inside of a word is no word start
    expect(names((await list('?q=@Leeds')).items)).toEqual(['leeds_pair']);
    expect(names((await list('?q=eeds')).items)).toEqual([]);
    // a text with no letter or digit matches nobody
    expect(names((await list('?q=_')).items)).toEqual([]);
    expect(names((await list('?q=%25')).items)).toEqual([]);
    expect(names((await list('?location=lond')).items)).toEqual(['london_one']);
  });

  it('a search finds members by their names as they are now: renamed, hidden, suspended, moved', async () => {
    await setProfile('leeds_pair', { username: 'harbour_lights', displayName: 'Harbour Lights' });
    expect(names((await list('?q=leeds')).items)).toEqual([]);
    expect(names((await list('?q=harbour_l')).items)).toEqual(['harbour_lights']);
    expect(names((await list('?name=lights')).items)).toEqual(['harbour_lights']);
    await setProfile('leeds_pair', { anonymousMode: true });
    expect(names((await list('?q=harbour')).items)).toEqual([]);
    await setProfile('leeds_pair', { anonymousMode: false, suspended: true });
    expect(names((await list('?q=harbour')).items)).toEqual([]);
    await setProfile('leeds_pair', { suspended: false, hideLocation: true });
    const [hidden] = (await list('?q=harbour')).items;
    expect(hidden).toMatchObject({ username: 'harbour_lights', location: null, distance: null });
    await setProfile('leeds_pair', { username: 'leeds_pair', displayName: 'Leeds Pair', hideLocation: false });
    expect(names((await list('?q=harbour')).items)).toEqual([]);
    expect(names((await list('?q=leeds')).items)).toEqual(['leeds_pair']);
  });

  it("reads a phone's curly apostrophe as a straight one, and a username and a name asked together both hold", async () => {
    const before = (
      await t.database.db.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.userId, ids.london_one!))
    )[0]!;
    await setProfile('london_one', { displayName: 'Ruby O’Brien' });
    expect(names((await list('?name=brien')).items)).toEqual(['london_one']);
    expect(names((await list("?name=o'brien")).items)).toEqual(['london_one']);
    expect(names((await list('?name=O%E2%80%99Brien')).items)).toEqual(['london_one']);
    expect(names((await list('?q=%E2%80%99')).items)).toEqual([]);
    expect(names((await list('?q=london&name=brien')).items)).toEqual(['london_one']);
    expect(names((await list('?q=leeds&name=brien')).items)).toEqual([]);
    expect(names((await list('?q=london&name=brien&sort=newest')).items)).toEqual(['london_one']);
    await setProfile('london_one', { displayName: before.displayName });
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
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
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

describe('Search filters on GET /api/v1/members (the Search hub tiles and Advanced Search)', () => {
  let s: TestApp;
  let viewer: Client;
  const sid: Record<string, string> = {};
  const clients: Record<string, Client> = {};
  /** members the viewer must never see, though each matches every filter below */
  const HIDDEN = ['anon_pair', 'blocks_viewer', 'viewer_blocked'];

  async function make(name: string, opts: FinishedMemberOptions) {
    const made = await finishedMember(s, name, opts);
    sid[name] = made.id;
    clients[name] = made.c;
  }
  const set = (name: string, values: Partial<typeof profiles.$inferInsert>) =>
    s.database.db.update(profiles).set(values).where(eq(profiles.userId, sid[name]!));
  const search = async (query: string) => {
    const res = await viewer.get(`/api/v1/members?limit=60&${query}`);
    expect(res.status, `${query}: ${res.text}`).toBe(200);
    return names((res.json as MembersResponse).items).sort();
  };

  beforeAll(async () => {
    s = await createTestApp();
    await make('viewer', { city: 'Manchester' });
    viewer = clients.viewer!;
    await make('new_pair', { city: 'Manchester', gender: 'male-female-couple', age: 28, partnerAge: 45 });
    await make('old_man', { city: 'Manchester', gender: 'single-male', age: 50 });
    await make('new_woman', { city: 'Leeds', gender: 'single-female', age: 25 });
    await make('trans_one', { city: 'London', gender: 'single-trans-female', age: 33 });
    await make('photo_maker', { city: 'Bristol', gender: 'single-female', age: 40 });
    await make('mobile_man', { city: 'Leeds', gender: 'single-male', age: 35 });
    for (const name of HIDDEN) await make(name, { city: 'Manchester', gender: 'female-female-couple', age: 30, partnerAge: 41 });

    // everyone joined long ago and was last seen hours ago, unless said otherwise below
    await s.database.db.update(profiles).set({ createdAt: sql`now() - interval '30 days'`, lastActiveAt: sql`now() - interval '2 hours'` });
    for (const name of ['new_pair', 'new_woman', 'trans_one', 'photo_maker', 'mobile_man', ...HIDDEN])
      await set(name, { createdAt: new Date() });
    for (const name of ['new_pair', 'mobile_man', ...HIDDEN]) await set(name, { lastActiveAt: new Date() });
    // active now but hiding it: never 'online' to others
    await set('new_woman', { lastActiveAt: new Date(), hideLastActive: true, avatarUrl: '/api/v1/media/file/x/avatar_1.webp' });
    await s.database.db.update(user).set({ verified: true }).where(eq(user.id, sid.new_woman!));
    await set('trans_one', { interests: ['content-creator', 'video'] });
    await set('photo_maker', { interests: ['content-creator', 'photo'], displayName: 'Sunny Days' });
    // Who's Near on, in Salford (next to the viewer's Manchester)
    const on = await clients.mobile_man!.request('PUT', '/api/v1/members/me/location', { lat: 53.4875, lng: -2.2901 });
    expect(on.status, on.text).toBe(200);

    // the hidden ones match every filter: new, online, verified, with photo, creators, placed by device nearby
    for (const name of HIDDEN) {
      await set(name, {
        avatarUrl: '/api/v1/media/file/x/avatar_2.webp',
        interests: ['content-creator', 'video', 'photo', 'premium', 'ppv', 'live', 'verified'],
        displayName: `Sunny ${name}`,
        locationSource: 'device',
      });
      await s.database.db.update(user).set({ verified: true }).where(eq(user.id, sid[name]!));
    }
    await set('anon_pair', { anonymousMode: true });
    await s.database.db.insert(userBlocks).values([
      { blockerId: sid.blocks_viewer!, blockedId: sid.viewer! },
      { blockerId: sid.viewer!, blockedId: sid.viewer_blocked! },
    ]);
  });
  afterAll(() => s.close());

  it('lists members by type: Couples, Women, Men and TV-TS-CD', async () => {
    expect(await search('type=couples')).toEqual(['new_pair']);
    expect(await search('type=women')).toEqual(['new_woman', 'photo_maker']);
    expect(await search('type=men')).toEqual(['mobile_man', 'old_man']);
    expect(await search('type=tvtscd')).toEqual(['trans_one']);
  });

  it("'… Online' tiles list only members online now, never one who hides their last-active time", async () => {
    expect(await search('type=couples&online=1&sort=online')).toEqual(['new_pair']);
    expect(await search('type=men&online=1')).toEqual(['mobile_man']);
    expect(await search('type=women&online=1')).toEqual([]);
    expect(await search('online=true')).toEqual(['mobile_man', 'new_pair']);
  });

  it("'New …' tiles list only members who joined in the last 14 days", async () => {
    expect(await search('type=couples&joinedDays=14&sort=newest')).toEqual(['new_pair']);
    expect(await search('type=men&joinedDays=14')).toEqual(['mobile_man']);
    expect(await search('joinedDays=14')).toEqual(['mobile_man', 'new_pair', 'new_woman', 'photo_maker', 'trans_one']);
  });

  it("filters by age; a couple matches when either partner's age is in range", async () => {
    expect(await search('minAge=40&maxAge=50')).toEqual(['new_pair', 'old_man', 'photo_maker']);
    expect(await search('minAge=46')).toEqual(['old_man']);
    expect(await search('maxAge=28')).toEqual(['new_pair', 'new_woman']);
  });

  it('filters verified members, members with a photo, and content creators by type', async () => {
    expect(await search('verified=1')).toEqual(['new_woman']);
    expect(await search('withPhoto=1')).toEqual(['new_woman']);
    expect(await search('creator=any')).toEqual(['photo_maker', 'trans_one']);
    expect(await search('creator=video')).toEqual(['trans_one']);
    expect(await search('creator=photo&type=women')).toEqual(['photo_maker']);
    expect(await search('creator=live')).toEqual([]);
  });

  it("follows the account's verified, set before the profile exists or changed later", async () => {
    // verified as an account first: the profile copies it when it is created
    const early = await signedInMember(s, 'early_verified@example.com');
    const earlyId = (await early.get('/api/v1/me')).json.user.id as string;
    await s.database.db.update(user).set({ verified: true }).where(eq(user.id, earlyId));
    for (const [method, url, body] of [
      ['POST', '/api/v1/profiles', { username: 'early_verified', displayName: 'Early' }],
      ['PUT', '/api/v1/profiles/me/setup', { step: 3, gender: 'single-female', relationshipStatus: 'single', lookingFor: ['couples'] }],
      ['PUT', '/api/v1/profiles/me/setup', { step: 2, age: 30, locationCity: 'Manchester' }],
      ['PUT', '/api/v1/profiles/me/setup', { step: 4, bio: 'Hello.' }],
    ] as const) {
      const res = await early.request(method, url, body);
      expect(res.status, res.text).toBeLessThan(300);
    }
    expect(await search('verified=1')).toEqual(['early_verified', 'new_woman']);
    // and un-verified later
    await s.database.db.update(user).set({ verified: false }).where(eq(user.id, earlyId));
    expect(await search('verified=1')).toEqual(['new_woman']);
  });

  it('Name Search matches username or display name; the quick search matches usernames', async () => {
    expect(await search('name=sunny')).toEqual(['photo_maker']);
    expect(await search('name=OLD_')).toEqual(['old_man']);
    expect(await search('q=sunny')).toEqual([]);
    expect(await search('q=trans')).toEqual(['trans_one']);
    // the end of a username, and never across the username into the display name ('photo_maker' / 'Sunny Days')
    expect(await search('q=MAKER')).toEqual(['photo_maker']);
    expect(await search(`name=${encodeURIComponent('maker\u001fsunny')}`)).toEqual([]);
    expect(await search('name=maker%09sunny')).toEqual([]);
    expect(await search('q=maker%1Fsunny')).toEqual([]);
  });

  it("Who's Mobile Nearby lists members placed by their device near the viewer, and nobody for an unplaced viewer", async () => {
    expect(await search('mobile=1&sort=nearest')).toEqual(['mobile_man']);
    const res = await viewer.get('/api/v1/members?mobile=1');
    expect((res.json as MembersResponse).items[0]!.distance).toMatch(/^(< 1 mile|~2 miles|~5 miles)$/);
    // hiding their location takes them out of it
    await set('mobile_man', { hideLocation: true });
    expect(await search('mobile=1')).toEqual([]);
    await set('mobile_man', { hideLocation: false });
    // a viewer nobody can place (an unknown town) gets an empty list, not everyone
    await set('viewer', { locationLat: null, locationLng: null, locationSource: null });
    expect(await search('mobile=1')).toEqual([]);
    await clients.viewer!.request('PUT', '/api/v1/members/me/location', { lat: 53.4808, lng: -2.2426 });
  });

  it('never lists an anonymous member or anyone on either side of a block, whatever the tile', async () => {
    const tiles = [
      '',
      'type=couples',
      'type=couples&online=1',
      'type=couples&joinedDays=14&sort=newest',
      'online=1&sort=online',
      'minAge=30&maxAge=41',
      'verified=1&sort=verified',
      'withPhoto=1',
      'creator=any',
      'creator=live',
      'name=sunny',
      'q=_',
      'location=manchester',
      'mobile=1',
      'maxKm=50',
    ];
    for (const tile of tiles) {
      const shown = await search(tile);
      for (const hidden of [...HIDDEN, 'viewer']) expect(shown, tile).not.toContain(hidden);
    }
    // and they do not see the viewer either
    const res = await clients.blocks_viewer!.get('/api/v1/members?limit=60&joinedDays=365');
    expect(names((res.json as MembersResponse).items)).not.toContain('viewer');
  });

  it('refuses a bad filter with a clear 400 in plain words', async () => {
    const bad: [string, string][] = [
      ['type=aliens', 'Choose Couples, Women, Men or TV-TS-CD'],
      ['online=yes', 'Online only must be on or off'],
      ['minAge=17', 'Age must be between 18 and 120'],
      ['maxAge=121', 'Age must be between 18 and 120'],
      ['minAge=abc', 'Age must be between 18 and 120'],
      ['minAge=40&maxAge=30', 'The maximum age must not be below the minimum age'],
      ['joinedDays=0', 'Joined within must be between 1 and 365 days'],
      ['creator=nope', 'Choose a content creator type'],
      [`name=${'x'.repeat(61)}`, 'Search text must be at most 60 characters'],
    ];
    for (const [query, message] of bad) {
      const res = await viewer.get(`/api/v1/members?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error, query).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });
});

describe('paging every sort over more members than one page (GET /api/v1/members)', () => {
  let p: TestApp;
  let viewer: Client;
  const pid: Record<string, string> = {};
  const set = (name: string, values: Partial<typeof profiles.$inferInsert>) =>
    p.database.db.update(profiles).set(values).where(eq(profiles.userId, pid[name]!));
  /** Every page of a sort, `size` at a time, following nextCursor to the end. */
  async function walk(query: string, size: number) {
    const seen: MemberCard[] = [];
    let cursor: string | null = null;
    do {
      const res = await viewer.get(`/api/v1/members?${query}&limit=${size}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      const page = res.json as MembersResponse;
      expect(page.items.length).toBeLessThanOrEqual(size);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return seen;
  }
  const MANCHESTER = ['manc_a', 'manc_b', 'manc_c', 'manc_d'];
  const PLACED = [...MANCHESTER, 'salford_a', 'salford_b', 'leeds_a', 'london_a'];
  const UNPLACED = ['nowhere_a', 'nowhere_b', 'hides_where'];

  beforeAll(async () => {
    p = await createTestApp();
    const made = await finishedMember(p, 'viewer', { city: 'Manchester' });
    viewer = made.c;
    pid.viewer = made.id;
    const cities: Record<string, string> = {
      manc_a: 'Manchester',
      manc_b: 'Manchester',
      manc_c: 'Manchester',
      manc_d: 'Manchester',
      salford_a: 'Salford',
      salford_b: 'Salford',
      leeds_a: 'Leeds',
      london_a: 'London',
      nowhere_a: 'Atlantis',
      nowhere_b: 'Atlantis',
      hides_where: 'Manchester',
      blocked_one: 'Manchester',
    };
    for (const [name, city] of Object.entries(cities)) pid[name] = (await finishedMember(p, name, { city })).id;
    await p.database.db.update(profiles).set({ lastActiveAt: sql`now() - interval '3 hours'` });
    // in one cell, so equally near: their order is by activity, then (manc_c and manc_d, equally active) by id, highest first
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const twoHoursAgo = hoursAgo(2);
    await set('manc_a', { lastActiveAt: hoursAgo(1) });
    await set('manc_b', { lastActiveAt: new Date() });
    await set('manc_c', { lastActiveAt: twoHoursAgo });
    await set('manc_d', { lastActiveAt: twoHoursAgo });
    await set('nowhere_b', { lastActiveAt: new Date() });
    await set('hides_where', { hideLocation: true, lastActiveAt: hoursAgo(1) });
    await p.database.db.update(user).set({ verified: true }).where(eq(user.id, pid.salford_b!));
    await p.database.db.update(user).set({ verified: true }).where(eq(user.id, pid.nowhere_a!));
    await p.database.db.insert(userBlocks).values({ blockerId: pid.blocked_one!, blockedId: pid.viewer });
  });
  afterAll(() => p.close());

  it('nearest first: pages of 3 list every placed member by distance, then the unplaced by activity, with no gaps or repeats', async () => {
    const all = names(await walk('sort=nearest', 60));
    for (const size of [1, 2, 3, 5]) expect(names(await walk('sort=nearest', size)), `pages of ${size}`).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
    expect(all.slice(0, 4)).toEqual(['manc_b', 'manc_a', ...['manc_c', 'manc_d'].sort((a, b) => (pid[a]! > pid[b]! ? -1 : 1))]);
    expect(all.slice(4, 6).sort()).toEqual(['salford_a', 'salford_b']);
    expect(all.slice(6)).toEqual(['leeds_a', 'london_a', 'nowhere_b', 'hides_where', 'nowhere_a']);
    expect(all).not.toContain('blocked_one');
    expect(all).not.toContain('viewer');
    // Who's Near: the same order, only members placed within the distance
    const near = names(await walk('maxKm=50', 60));
    expect(near).toEqual(all.slice(0, 6));
    for (const size of [1, 2, 4]) expect(names(await walk('maxKm=50', size)), `Who's Near in pages of ${size}`).toEqual(near);
  });

  it('online and verified first page the same way, and a town search lists that town only', async () => {
    for (const sort of ['online', 'verified', 'newest']) {
      const all = names(await walk(`sort=${sort}`, 60));
      expect(all.sort(), sort).toEqual([...PLACED, ...UNPLACED].sort());
      for (const size of [2, 3])
        expect(names(await walk(`sort=${sort}`, size)), `${sort} in pages of ${size}`).toEqual(names(await walk(`sort=${sort}`, 60)));
    }
    const online = names(await walk('sort=online', 4));
    expect(online.slice(0, 2).sort()).toEqual(['manc_b', 'nowhere_b']);
    const verified = names(await walk('sort=verified', 4));
    expect(verified.slice(0, 2).sort()).toEqual(['nowhere_a', 'salford_b']);
    expect(names(await walk('location=manchester', 2))).toEqual([
      'manc_b',
      'manc_a',
      ...names(await walk('location=manchester', 60)).slice(2),
    ]);
    expect(names(await walk('location=manchester', 60)).sort()).toEqual([...MANCHESTER].sort());
    expect(names(await walk('location=salford', 1)).sort()).toEqual(['salford_a', 'salford_b']);
  });
});
