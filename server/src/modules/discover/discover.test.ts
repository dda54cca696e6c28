import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DISCOVER_PASS_DAYS, type DiscoverCard, type DiscoverResponse, type DiscoverStats } from '@velvet/core/schemas/discover.schema';
import type { MembersResponse } from '@velvet/core/schemas/member.schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember, type Client } from '../../../test/http';
import { expectNoPositionIn, finishedMember, type FinishedMemberOptions } from '../../../test/members';
import { discoverRepository } from './discover.repository';
import { discoverService } from './discover.service';
import { likes, media, profileViews, profiles, user, userBlocks } from '../../db/schema/index';

let t: TestApp;
let me: Client;
let meId: string;
const ids: Record<string, string> = {};
const clients: Record<string, Client> = {};

async function member(name: string, { interests, ...opts }: FinishedMemberOptions) {
  const made = await finishedMember(t, name, opts);
  ids[name] = made.id;
  clients[name] = made.c;
  if (interests) await setProfile(name, { interests });
  return made;
}
const setProfile = (name: string, values: PgUpdateSetSource<typeof profiles>) =>
  t.database.db.update(profiles).set(values).where(eq(profiles.userId, ids[name]!));

const next = async (query = '', who: Client = me) => {
  const res = await who.get(`/api/v1/discover/next${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as DiscoverResponse;
};
const names = (cards: DiscoverCard[]) => cards.map((c) => c.username);
const like = (name: string, who: Client = me) => who.post(`/api/v1/discover/${ids[name] ?? name}/like`);
const pass = (name: string, who: Client = me) => who.post(`/api/v1/discover/${ids[name] ?? name}/pass`);
const myLikes = () => t.database.db.select().from(likes).where(eq(likes.likerId, meId));

const HIDDEN = ['me_manc', 'anon_one', 'blocked_me', 'i_blocked', 'half_done'];

beforeAll(async () => {
  t = await createTestApp();
  ({ c: me, id: meId } = await member('me_manc', { city: 'Manchester', interests: ['bisexual', 'seeking-couples', 'pansexual'] }));
  clients.me_manc = me;
  await member('two_shared', { city: 'Salford', interests: ['seeking-couples', 'bisexual', 'straight'] });
  await member('one_near', { city: 'Manchester', interests: ['bisexual'] });
  await member('one_far', { city: 'Stockport', interests: ['pansexual'] });
  await member('active_now', { city: 'Manchester' });
  await member('active_hour', { city: 'Manchester' });
  await member('quiet_verified', { city: 'Manchester' });
  await member('quiet_plain', { city: 'Manchester' });
  await member('creator_one', { city: 'Manchester' });
  await member('young_one', { city: 'Manchester', age: 20 });
  await member('old_pair', { city: 'Manchester', gender: 'male-female-couple', age: 70, partnerAge: 40 });
  await member('leeds_one', { city: 'Leeds', interests: ['bisexual', 'seeking-couples', 'pansexual'] });
  await member('hidden_loc', { city: 'Manchester', interests: ['bisexual', 'seeking-couples', 'pansexual'] });
  await member('nowhere_one', { city: 'Atlantis' });
  await member('anon_one', { city: 'Manchester', interests: ['bisexual', 'seeking-couples', 'pansexual'] });
  await member('blocked_me', { city: 'Manchester', interests: ['bisexual', 'seeking-couples', 'pansexual'] });
  await member('i_blocked', { city: 'Manchester', interests: ['bisexual', 'seeking-couples', 'pansexual'] });
  const half = await signedInMember(t, 'half@example.com');
  await half.post('/api/v1/profiles', { username: 'half_done', displayName: 'Half' });
  ids.half_done = (await half.get('/api/v1/me')).json.user.id;

  // activity: most members two hours ago; two recent ones; two who hide it (though active now)
  await t.database.db.update(profiles).set({ lastActiveAt: sql`now() - interval '2 hours'` });
  await setProfile('active_now', { lastActiveAt: new Date() });
  await setProfile('active_hour', { lastActiveAt: sql`now() - interval '1 hour'` });
  await setProfile('quiet_verified', { lastActiveAt: new Date(), hideLastActive: true });
  await setProfile('quiet_plain', { lastActiveAt: new Date(), hideLastActive: true });
  await t.database.db.update(user).set({ verified: true }).where(eq(user.id, ids.quiet_verified!));
  // verified, but never counted for me: one blocked me, one is anonymous (set before any stats row is
  // read, as the community-wide count is kept for 15 s)
  await t.database.db.update(user).set({ verified: true }).where(eq(user.id, ids.blocked_me!));
  await t.database.db.update(user).set({ verified: true }).where(eq(user.id, ids.anon_one!));
  // creator tags are kept among interests, but they are not interests two members share
  await setProfile('me_manc', { interests: ['bisexual', 'seeking-couples', 'pansexual', 'content-creator', 'video'] });
  await setProfile('creator_one', { interests: ['content-creator', 'video'] });
  await setProfile('hidden_loc', { hideLocation: true, lastActiveAt: sql`now() - interval '30 minutes'` });
  await setProfile('anon_one', { anonymousMode: true });
  await t.database.db.insert(userBlocks).values([
    { blockerId: ids.blocked_me!, blockedId: meId },
    { blockerId: meId, blockedId: ids.i_blocked! },
  ]);
});
afterAll(() => t.close());

describe('GET /api/v1/discover/next', () => {
  it('needs a signed-in member', async () => {
    for (const path of ['/next', '/stats']) expect((await t.app.request(`/api/v1/discover${path}`)).status).toBe(401);
    const res = await t.app.request(`/api/v1/discover/${ids.one_near}/like`, { method: 'POST' });
    expect(res.status).toBe(401);
  });

  it('ranks by shared interests, then distance, then recent activity, then verified', async () => {
    const { items, distanceApplied } = await next();
    expect(distanceApplied).toBe(true);
    const order = names(items);
    // 2 shared, then 1 shared nearer before 1 shared farther
    expect(order.slice(0, 3)).toEqual(['two_shared', 'one_near', 'one_far']);
    // no shared interests, same cell: the most recently active first; hidden activity ranks as unknown (last)
    expect(order.indexOf('active_now')).toBe(3);
    expect(order.indexOf('active_hour')).toBe(4);
    expect(order.slice(-2)).toEqual(['quiet_verified', 'quiet_plain']);
    expect(items).toHaveLength(10);
  });

  it('deals the best ten of a pool larger than a batch: shared interests all counted, three shown in the member’s order', async () => {
    // far from everyone else (Plymouth): a viewer with four interests that count, and twelve members around them
    const { c: viewer } = await member('ply_viewer', {
      city: 'Plymouth',
      interests: ['bisexual', 'seeking-couples', 'pansexual', 'straight'],
    });
    await member('ply_four', { city: 'Plymouth', interests: ['straight', 'bicurious', 'pansexual', 'seeking-couples', 'bisexual'] });
    await member('ply_three', { city: 'Plymouth', interests: ['bisexual', 'seeking-couples', 'pansexual'] });
    const plain = Array.from({ length: 10 }, (_, i) => `ply_${i}`);
    for (const name of plain) await member(name, { city: 'Plymouth' });
    // the two who share most were active longest ago: last in the walk's order, first only by rank; the
    // one sharing four, longer ago still, ranks first only if all four are counted (three are shown)
    await setProfile('ply_four', { lastActiveAt: sql`now() - interval '5 hours'` });
    await setProfile('ply_three', { lastActiveAt: sql`now() - interval '4 hours'` });
    for (const [i, name] of plain.entries())
      await setProfile(name, { lastActiveAt: sql`now() - interval '3 hours' - make_interval(mins => ${i})` });

    const first = await next('', viewer);
    expect(names(first.items)).toEqual(['ply_four', 'ply_three', ...plain.slice(0, 8)]);
    expect(first.items[0]!.commonInterests).toEqual(['straight', 'pansexual', 'seeking-couples']);
    expect(first.items[1]!.commonInterests).toEqual(['bisexual', 'seeking-couples', 'pansexual']);
    for (const card of first.items) expect((await pass(card.username, viewer)).status).toBe(200);
    expect(names((await next('', viewer)).items)).toEqual(plain.slice(8));
  });

  it('shows the card as spec §3 describes, with coarse distance and at most 3 shared interests', async () => {
    await t.database.db.insert(media).values([
      { ownerId: ids.two_shared!, kind: 'gallery', storageKey: 'a1', contentType: 'image/webp', bytes: 1, visibility: 'public' },
      { ownerId: ids.two_shared!, kind: 'gallery', storageKey: 'a2', contentType: 'image/webp', bytes: 1, visibility: 'members' },
      { ownerId: ids.two_shared!, kind: 'gallery', storageKey: 'a3', contentType: 'image/webp', bytes: 1, visibility: 'private' },
      { ownerId: ids.two_shared!, kind: 'avatar', storageKey: 'a4', contentType: 'image/webp', bytes: 1, visibility: 'public' },
    ]);
    await t.database.db.insert(profileViews).values([
      { viewedId: ids.two_shared!, viewerId: meId, day: '2026-01-01' },
      { viewedId: ids.two_shared!, viewerId: meId, day: '2026-01-02' },
      { viewedId: ids.two_shared!, viewerId: ids.one_near!, day: '2026-01-02' },
    ]);
    const { items } = await next();
    const card = items.find((c) => c.username === 'two_shared')!;
    expect(card).toMatchObject({
      id: ids.two_shared,
      displayName: 'two shared',
      age: '30',
      location: 'Salford',
      commonInterests: ['seeking-couples', 'bisexual'],
      photos: 2,
      profileViews: 3,
      verified: false,
      online: false,
    });
    expect(card.distance).toMatch(/^(< 1 mile|~2 miles|~5 miles)$/);
    expect(Date.now() - Date.parse(card.lastActive!)).toBeGreaterThan(60 * 60_000);
    expect(items.find((c) => c.username === 'old_pair')!.age).toBe('70 & 40');
    expect(items.find((c) => c.username === 'creator_one')!.commonInterests).toEqual([]);
    const active = items.find((c) => c.username === 'active_now')!;
    expect(active.online).toBe(true);
    // no position leaves the server, raw or snapped
    expectNoPositionIn(items);
  });

  it("respects 'Hide Last Active': no last-active time, never online", async () => {
    const quiet = (await next()).items.find((c) => c.username === 'quiet_verified')!;
    expect(quiet.lastActive).toBeNull();
    expect(quiet.online).toBe(false);
    expect(quiet.verified).toBe(true);
  });

  it('never shows the member, unfinished profiles, anonymous members or anyone on either side of a block', async () => {
    const wide = names((await next('?maxKm=500')).items);
    for (const hidden of HIDDEN) expect(wide).not.toContain(hidden);
    // a member with no place sees everyone without a distance: still not themself, unfinished or anonymous members
    const unplaced = names((await next('', clients.nowhere_one)).items);
    for (const hidden of ['nowhere_one', 'half_done', 'anon_one']) expect(unplaced).not.toContain(hidden);
    // nor do the blocked members see me
    for (const blocker of ['blocked_me', 'i_blocked'])
      expect(names((await next('?maxKm=500', clients[blocker])).items)).not.toContain('me_manc');
    // nor does an anonymous member show up for anyone
    expect(names((await next('', clients.one_near)).items)).not.toContain('anon_one');
  });

  it("never places a 'Hide Location' member by distance, and shows them without city or distance", async () => {
    // within the distance filter: left out, though their town is the same as mine
    expect(names((await next('?maxKm=500')).items)).not.toContain('hidden_loc');
    // a member with no place of their own: the distance cannot apply, and the page is told so
    const unplaced = await next('', clients.nowhere_one);
    expect(unplaced.distanceApplied).toBe(false);
    const hidden = unplaced.items.find((c) => c.username === 'hidden_loc')!;
    expect(hidden.location).toBeNull();
    expect(hidden.distance).toBeNull();
    expect(unplaced.items.every((c) => c.distance === null)).toBe(true);
  });

  it('applies the filters on the server', async () => {
    expect(names((await next()).items)).not.toContain('leeds_one');
    // Leeds is ~58 km away: in at 100 km, and first (3 shared interests)
    expect(names((await next('?maxKm=100')).items)[0]).toBe('leeds_one');
    // measured from a typed place instead of my own
    const leeds = await next('?location=Leeds&maxKm=5');
    expect(names(leeds.items)).toEqual(['leeds_one']);
    expect(leeds.items[0]!.distance).toBe('25+ miles');
    // an unplaced member can still search around a town
    const fromTown = await next('?location=leeds,%20UK', clients.nowhere_one);
    expect(fromTown.distanceApplied).toBe(true);
    expect(names(fromTown.items)).toEqual(['leeds_one']);
    // ages: either partner of a couple may match; the top of the slider means 65 and over
    expect(names((await next('?maxAge=25')).items)).toEqual(['young_one']);
    expect(names((await next('?minAge=35&maxAge=45')).items)).toEqual(['old_pair']);
    expect(names((await next('?minAge=65')).items)).toEqual(['old_pair']);
    // independent sliders: a minimum above the maximum finds nobody
    const nobody = await next('?minAge=40&maxAge=30');
    expect(nobody.items).toEqual([]);
    // the viewer's own cell still comes back with no one dealt
    expect(nobody.distanceApplied).toBe(true);
  });

  it('refuses bad filters with a clear 400 in plain words', async () => {
    const bad: [string, RegExp][] = [
      ['?minAge=17', /Minimum age/],
      ['?minAge=20.5', /Minimum age/],
      ['?maxAge=abc', /Maximum age/],
      ['?maxAge=66', /Maximum age/],
      ['?maxKm=4', /Distance/],
      ['?maxKm=501', /Distance/],
      ['?maxKm=52', /Distance/],
      [`?location=${'x'.repeat(101)}`, /Location must be at most 100/],
      ['?location=Atlantis', /We could not find "Atlantis"/],
    ];
    for (const [query, message] of bad) {
      const res = await me.get(`/api/v1/discover/next${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.message, query).toMatch(message);
    }
    // injection strings are only a place name that is not found
    const res = await me.get(`/api/v1/discover/next?location=${encodeURIComponent("'; drop table likes; --")}`);
    expect(res.status).toBe(400);
  });
});

describe('like and pass', () => {
  it('refuses yourself, unknown, unfinished, anonymous and blocked members, writing nothing', async () => {
    const before = (await myLikes()).length;
    const cases: [string, number][] = [
      ['me_manc', 400],
      ['nobody1234', 404],
      ['half_done', 404],
      ['anon_one', 404],
      ['blocked_me', 404],
      ['i_blocked', 403],
    ];
    for (const [name, status] of cases) {
      for (const act of [like, pass]) {
        const res = await act(name);
        expect(res.status, name).toBe(status);
        expect(res.json.error.message, name).toBeTruthy();
      }
    }
    // someone who blocked me reads exactly like someone who does not exist
    expect((await like('blocked_me')).json).toEqual((await like('nobody1234')).json);
    expect((await me.post('/api/v1/discover/bad!id/like')).status).toBe(400);
    expect((await myLikes()).length).toBe(before);
  });

  it('stores a pass and a like; the feed continues without them, also after a reload', async () => {
    expect((await pass('two_shared')).json).toEqual({ match: false });
    expect((await like('one_near')).json).toEqual({ match: false });
    const order = names((await next()).items);
    expect(order.slice(0, 1)).toEqual(['one_far']);
    expect(order).not.toContain('two_shared');
    expect(order).not.toContain('one_near');
    // a second like changes nothing; a like after a pass replaces it
    expect((await like('one_near')).status).toBe(200);
    expect((await like('two_shared')).json).toEqual({ match: false });
    const rows = await myLikes();
    expect(rows.filter((r) => r.likedId === ids.one_near)).toHaveLength(1);
    expect(rows.find((r) => r.likedId === ids.two_shared)!.liked).toBe(true);
  });

  it('deals a passed member again once the pass is 30 days old; a like stands', async () => {
    // a member who passed everyone nearby sees the rest of the country next, never those passed
    expect((await pass('leeds_one', clients.two_shared)).status).toBe(200);
    expect(await next('?maxKm=500', clients.two_shared).then((r) => names(r.items))).not.toContain('leeds_one');
    await t.database.db
      .update(likes)
      .set({ createdAt: sql`now() - make_interval(days => ${DISCOVER_PASS_DAYS}) - interval '1 minute'` })
      .where(and(eq(likes.likerId, ids.two_shared!), eq(likes.likedId, ids.leeds_one!)));
    expect(await next('?maxKm=500', clients.two_shared).then((r) => names(r.items))).toContain('leeds_one');
    // a like as old stays a like: never dealt again
    expect((await like('leeds_one', clients.one_far)).status).toBe(200);
    await t.database.db
      .update(likes)
      .set({ createdAt: sql`now() - interval '90 days'` })
      .where(eq(likes.likerId, ids.one_far!));
    expect(await next('?maxKm=500', clients.one_far).then((r) => names(r.items))).not.toContain('leeds_one');
  });

  it('Start over brings back everyone the member passed, keeps likes, and touches no one else', async () => {
    const who = clients.creator_one!;
    const feed = async () => names((await next('?maxKm=500', who)).items);
    const dealt = await feed();
    for (const name of dealt.slice(0, 3)) expect((await pass(name, who)).status).toBe(200);
    expect((await like(dealt[3]!, who)).status).toBe(200);
    expect((await pass('creator_one', clients.young_one)).status).toBe(200);
    const without = await feed();
    for (const name of dealt.slice(0, 4)) expect(without).not.toContain(name);
    const res = await who.post('/api/v1/discover/start-over');
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ restored: 3 });
    const again = await feed();
    for (const name of dealt.slice(0, 3)) expect(again).toContain(name);
    expect(again).not.toContain(dealt[3]);
    // another member's pass stays
    const rows = await t.database.db.select().from(likes).where(eq(likes.likerId, ids.young_one!));
    expect(rows.map((r) => [r.likedId, r.liked])).toEqual([[ids.creator_one, false]]);
    // signed out: no
    expect(
      (await t.app.request('/api/v1/discover/start-over', { method: 'POST', headers: { origin: 'http://localhost:3000' } })).status,
    ).toBe(401);
  });

  it('makes a match of a like both ways, and counts it', async () => {
    const statsBefore = (await me.get('/api/v1/discover/stats')).json as DiscoverStats;
    const back = await like('me_manc', clients.one_near);
    expect(back.json).toEqual({ match: true, member: { id: meId, username: 'me_manc', displayName: 'me manc' } });
    expect(((await me.get('/api/v1/discover/stats')).json as DiscoverStats).matches).toBe(statsBefore.matches + 1);
    expect(((await clients.one_near!.get('/api/v1/discover/stats')).json as DiscoverStats).matches).toBe(1);
    // my like of one_near came first: liking again now also answers with the match
    expect((await like('one_near')).json.match).toBe(true);
  });

  it('acts only as the signed-in member and never reveals who liked whom', async () => {
    // a body naming someone else changes nothing about who likes
    const res = await me.post(`/api/v1/discover/${ids.active_hour}/like`, { likerId: ids.active_now, userId: ids.leeds_one });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(likes).where(eq(likes.likedId, ids.active_hour!));
    expect(row!.likerId).toBe(meId);
    expect(await t.database.db.select().from(likes).where(eq(likes.likerId, ids.active_now!))).toEqual([]);

    // active_now likes me: neither a pass, nor my lists, nor my stats tell me
    expect((await like('me_manc', clients.active_now)).json).toEqual({ match: false });
    const list = (await me.get('/api/v1/members?limit=60')).json as MembersResponse;
    expect(list.items.find((m) => m.username === 'active_now')!.liked).toBe(false);
    expect(list.items.find((m) => m.username === 'one_near')!.liked).toBe(true);
    expect(list.items.find((m) => m.username === 'active_hour')!.liked).toBe(true);
    const card = (await next()).items.find((c) => c.username === 'active_now')!;
    expect(Object.keys(card).sort()).toEqual(
      [
        'age',
        'avatarUrl',
        'commonInterests',
        'displayName',
        'distance',
        'id',
        'lastActive',
        'location',
        'online',
        'photos',
        'profileViews',
        'username',
        'verified',
      ].sort(),
    );
    expect((await pass('active_now')).json).toEqual({ match: false });
    // and the one who liked me sees no match from my pass
    expect(((await clients.active_now!.get('/api/v1/discover/stats')).json as DiscoverStats).matches).toBe(0);
  });

  it('a pass after a match undoes the match', async () => {
    expect((await pass('one_near')).json).toEqual({ match: false });
    const [row] = await t.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, meId), eq(likes.likedId, ids.one_near!)));
    expect(row!.liked).toBe(false);
    expect(((await clients.one_near!.get('/api/v1/discover/stats')).json as DiscoverStats).matches).toBe(0);
  });
});

describe('GET /api/v1/discover/stats', () => {
  it('counts online, visible verified members, matches and views of my profile from real rows', async () => {
    await t.database.db.insert(profileViews).values([
      { viewedId: meId, viewerId: ids.one_near!, day: '2026-02-01' },
      { viewedId: meId, viewerId: ids.one_far!, day: '2026-02-01' },
    ]);
    // a match with a member I later block does not count
    await like('me_manc', clients.leeds_one);
    await like('leeds_one');
    expect(((await me.get('/api/v1/discover/stats')).json as DiscoverStats).matches).toBe(1);
    await t.database.db.insert(userBlocks).values({ blockerId: ids.leeds_one!, blockedId: meId });

    const stats = (await me.get('/api/v1/discover/stats')).json as DiscoverStats;
    const online = (await me.get('/api/v1/members/online-count')).json.online as number;
    expect(stats).toEqual({ online, verified: 1, matches: 0, views: 2 });
    expect(online).toBeGreaterThanOrEqual(1);
  });

  it('counts matches as the dashboard does: a match whose page I may not open (suspended, unfinished) leaves both, an anonymous one stays', async () => {
    // I liked active_hour above; now they like me back
    expect((await like('me_manc', clients.active_hour)).json.match).toBe(true);
    const counts = async () => [
      ((await me.get('/api/v1/discover/stats')).json as DiscoverStats).matches,
      (await me.get('/api/v1/connections/summary')).json.matches as number,
    ];
    expect(await counts()).toEqual([1, 1]);
    await setProfile('active_hour', { suspended: true });
    expect(await counts()).toEqual([0, 0]);
    await setProfile('active_hour', { suspended: false, anonymousMode: true });
    expect(await counts()).toEqual([1, 1]);
    const finished = (await t.database.db.select().from(profiles).where(eq(profiles.userId, ids.active_hour!)))[0]!.setupCompletedAt;
    await setProfile('active_hour', { anonymousMode: false, setupCompletedAt: null });
    expect(await counts()).toEqual([0, 0]);
    await setProfile('active_hour', { setupCompletedAt: finished });
    expect(await counts()).toEqual([1, 1]);
  });

  it('counts a member verified a moment ago at once, and takes off my own blocks', async () => {
    const service = discoverService({ repo: discoverRepository(t.database.db), onlineCount: async () => 0 });
    const stats = (id: string) => service.stats(id);
    expect((await stats(meId)).verified).toBe(1);
    // one more verified member (the account's tick, copied to the profile): counted at once
    await t.database.db.update(user).set({ verified: true }).where(eq(user.id, ids.one_far!));
    expect((await stats(meId)).verified).toBe(2);
    // a block is mine: blocking the verified member takes them off my row alone
    await t.database.db.insert(userBlocks).values({ blockerId: meId, blockedId: ids.quiet_verified! });
    expect((await stats(meId)).verified).toBe(1);
    // a verified member is not counted in their own row: quiet_verified sees blocked_me and one_far
    expect((await stats(ids.quiet_verified!)).verified).toBe(2);
    await t.database.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, meId), eq(userBlocks.blockedId, ids.quiet_verified!)));
    await t.database.db.update(user).set({ verified: false }).where(eq(user.id, ids.one_far!));
    expect((await stats(meId)).verified).toBe(1);
  });
});
