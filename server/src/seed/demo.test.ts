import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { RELATIONSHIP_TYPES, kindOf } from '@velvet/core/constants/options';
import { ageText, profileUpdateSchema, setupStepSchema, splitInterests, storedInterests } from '@velvet/core/schemas/profile.schema';
import type { ConversationDto, ConversationsResponse } from '@velvet/core/schemas/message.schema';
import type { ProfileViewsResponse } from '@velvet/core/schemas/profile-view.schema';
import { londonDay } from '@velvet/core/time/london-day';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, type Client } from '../../test/http';
import { createLogger } from '../logger';
import { processImage } from '../images/process-image';
import { account, likes, media, messages, profileViews, profiles, starredConversations, user } from '../db/schema/index';
import { seedDemoCommunity } from './demo';
import { DEMO_EMAIL, DEMO_ID, DEMO_MEMBER_DOMAIN, DEMO_PASSWORD } from './demo-members';
import { demoCommunity } from './demo-conversations';
import { demoPictures } from './demo-images';
import { snapToCell } from '@velvet/core/geo/grid';

const log = createLogger('silent');
/** Statuses a member expects for each kind of profile: no single is a 'Married couple'. */
const COUPLE_STATUSES = [
  'married-couple',
  'committed-couple',
  'engaged-couple',
  'dating-couple',
  'open-relationship',
  'swinger-couple',
  'lifestyle-couple',
  'polyamorous',
];
const SINGLE_STATUSES = [
  'single',
  'single-looking',
  'divorced',
  'separated',
  'widowed',
  'its-complicated',
  'friends-with-benefits',
  'casual-dating',
  'not-looking-for-relationship',
  'open-relationship',
];

let t: TestApp;
let demo: Client;
type ProfileRow = typeof profiles.$inferSelect;
let rows: ProfileRow[];

/** Everything seeding writes, as comparable text: counts and each table's rows in a fixed order. */
async function snapshot() {
  const db = t.database.db;
  const tables = await Promise.all([
    db.select().from(user).orderBy(user.id),
    db.select().from(account).orderBy(account.id),
    db.select().from(profiles).orderBy(profiles.userId),
    db.select().from(messages).orderBy(messages.id),
    db.select().from(starredConversations).orderBy(starredConversations.userId, starredConversations.otherUserId),
    db.select().from(media).orderBy(media.id),
    db.select().from(likes).orderBy(likes.likerId, likes.likedId),
    db.select().from(profileViews).orderBy(profileViews.viewedId, profileViews.day, profileViews.viewerId),
  ]);
  return JSON.stringify(tables);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCommunity(t.database.db, { log });
  rows = await t.database.db.select().from(profiles);
  demo = client(t);
  const res = await demo.post('/api/auth/sign-in/email', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`demo sign-in: ${res.status} ${res.text}`);
});
afterAll(() => t?.close());

describe('the demo community', () => {
  it('has members of every relationship type, the common ones several times', () => {
    const byType = new Map<string, number>();
    for (const r of rows) byType.set(r.gender!, (byType.get(r.gender!) ?? 0) + 1);
    for (const type of RELATIONSHIP_TYPES) expect(byType.get(type) ?? 0, type).toBeGreaterThanOrEqual(2);
    for (const type of ['male-female-couple', 'single-male', 'single-female']) expect(byType.get(type), type).toBeGreaterThanOrEqual(8);
    expect(rows.every((r) => r.isDemo)).toBe(true);
  });

  it('shows two ages for every couple and group, one for everyone else', () => {
    for (const r of rows) {
      const kind = kindOf(r.gender);
      expect(r.kind, r.username).toBe(kind);
      if (kind === 'individual') {
        expect(r.partnerAge, r.username).toBeNull();
        expect(ageText(kind, r.age, r.partnerAge), r.username).toMatch(/^\d+$/);
      } else expect(ageText(kind, r.age, r.partnerAge), r.username).toMatch(/^\d+ & \d+$/);
    }
  });

  it('passes the profile form and the setup wizard for every member', () => {
    for (const r of rows) {
      const split = splitInterests(r.interests);
      const lookingFor = r.lookingFor ? r.lookingFor.split(',') : [];
      const form = {
        username: r.username,
        displayName: r.displayName,
        age: r.age,
        partnerAge: r.partnerAge,
        locationCity: r.locationCity ?? undefined,
        locationCountry: r.locationCountry ?? undefined,
        gender: r.gender,
        relationshipStatus: r.relationshipStatus,
        lookingFor,
        ...split,
        bio: r.bio ?? undefined,
      };
      const parsed = profileUpdateSchema.safeParse(form);
      expect(parsed.success ? [] : parsed.error.issues, r.username).toEqual([]);
      // nothing is lost in the round trip: what the form would store is what was seeded
      expect(storedInterests(parsed.data!), r.username).toEqual(r.interests);
      expect(parsed.data!.lookingFor, r.username).toEqual(lookingFor);
      for (const step of [
        { step: 2, age: r.age, partnerAge: r.partnerAge, locationCity: r.locationCity!, locationCountry: r.locationCountry! },
        { step: 3, gender: r.gender, relationshipStatus: r.relationshipStatus, lookingFor },
        { step: 4, bio: r.bio! },
      ] as const)
        expect(setupStepSchema.safeParse(step).success, `${r.username} step ${step.step}`).toBe(true);
      expect(r.setupCompletedAt, r.username).not.toBeNull();
    }
  });

  it('fills in what a member reads on a profile', () => {
    for (const r of rows) {
      expect(r.bio?.trim().length, r.username).toBeGreaterThan(20);
      expect(r.locationCity, r.username).toBeTruthy();
      expect(r.locationCountry, r.username).toBe('United Kingdom');
      // placed at their town's grid cell, so nearest-first and Who's Near have real distances
      expect(r.locationSource, r.username).toBe('city');
      expect(snapToCell({ lat: r.locationLat!, lng: r.locationLng! }), r.username).toEqual({ lat: r.locationLat, lng: r.locationLng });
      expect(r.lookingFor?.split(',').length, r.username).toBeGreaterThanOrEqual(1);
      expect(splitInterests(r.interests).interests.length, r.username).toBeGreaterThanOrEqual(1);
      const statuses = kindOf(r.gender) === 'individual' ? SINGLE_STATUSES : COUPLE_STATUSES;
      expect(statuses, `${r.username}: ${r.relationshipStatus}`).toContain(r.relationshipStatus);
    }
    expect(new Set(rows.map((r) => r.locationCity)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r) => r.bio)).size).toBeGreaterThan(rows.length / 2);
  });

  it('mixes verified, premium, creator and private members', async () => {
    const [verified] = await t.database.db.select({ n: count() }).from(user).where(eq(user.verified, true));
    expect(verified!.n).toBeGreaterThanOrEqual(10);
    expect(rows.filter((r) => r.verificationStatus === 'approved').length).toBe(verified!.n);
    expect(rows.filter((r) => r.membershipType === 'premium').length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => splitInterests(r.interests).creator).length).toBeGreaterThanOrEqual(5);
    for (const flag of ['hideLastActive', 'hideLocation', 'anonymousMode'] as const) {
      const n = rows.filter((r) => r[flag]).length;
      expect(n, flag).toBeGreaterThanOrEqual(3);
      expect(n, flag).toBeLessThan(rows.length / 4);
    }
  });

  it('gives about half the members a few gallery photos, within the gallery limit', () => {
    const { members } = demoCommunity();
    const withPhotos = members.filter((m) => m.galleryPhotos > 0);
    expect(withPhotos.length).toBeGreaterThanOrEqual(members.length / 3);
    expect(withPhotos.every((m) => m.galleryPhotos >= 2 && m.galleryPhotos <= 4)).toBe(true);
  });

  it('makes pictures the upload path accepts, a different scene in each gallery photo', async () => {
    const { avatar, cover, gallery } = await demoPictures('seed', 'couple', 2);
    expect(gallery).toHaveLength(2);
    expect(gallery[0]!.equals(gallery[1]!)).toBe(false);
    for (const picture of [avatar, cover, ...gallery]) {
      const { main } = await processImage(picture);
      expect(main.width).toBeGreaterThan(300);
    }
  });

  it('is the same community on every run, message times in the past', () => {
    const now = Date.UTC(2026, 0, 15, 12);
    const a = demoCommunity({ now });
    expect(JSON.stringify(demoCommunity({ now }))).toBe(JSON.stringify(a));
    for (const m of a.messages) {
      expect(m.createdAt.getTime()).toBeLessThan(now);
      if (m.readAt) expect(m.readAt.getTime()).toBeGreaterThanOrEqual(m.createdAt.getTime());
    }
  });
});

describe('the demo account', () => {
  it('signs in to a complete couple profile', async () => {
    const res = await demo.get('/api/v1/profiles/me');
    expect(res.status).toBe(200);
    expect(res.json.profile).toMatchObject({ userId: DEMO_ID, kind: 'couple', setupCompleted: true });
    expect(res.json.profile.partnerAge).toEqual(expect.any(Number));
    expect(res.json.profile.lookingFor.length).toBeGreaterThan(0);
  });

  it('has friends, an invite waiting, a hotlist and winks, each in its list, its count and the Updates feed', async () => {
    const summary = (await demo.get('/api/v1/connections/summary')).json;
    expect(summary).toMatchObject({ friends: 3, friendInvites: 1, hotlist: 4 });
    expect((await demo.get('/api/v1/friends')).json.items).toHaveLength(3);
    expect((await demo.get('/api/v1/hotlist')).json.items).toHaveLength(4);
    expect((await demo.get('/api/v1/winks')).json.items.length).toBeGreaterThanOrEqual(2);
    const types = new Set(((await demo.get('/api/v1/activities?limit=50')).json.items as { type: string }[]).map((a) => a.type));
    for (const type of ['friend_invite', 'friend_accept', 'wink']) expect(types, type).toContain(type);
  });

  it('sees a couple as "28 & 32" and a hidden location as hidden', async () => {
    const couple = rows.find((r) => r.kind === 'couple' && r.userId !== DEMO_ID)!;
    const view = (await demo.get(`/api/v1/profiles/${couple.userId}`)).json.profile;
    expect(view.ageText).toBe(`${couple.age} & ${couple.partnerAge}`);
    const hidden = rows.find((r) => r.hideLocation)!;
    expect((await demo.get(`/api/v1/profiles/${hidden.userId}`)).json.profile.location).toBeNull();
  });

  it('opens Messages to real conversations, some unread, some starred', async () => {
    const res = await demo.get('/api/v1/messages/conversations?limit=100');
    expect(res.status).toBe(200);
    const items = (res.json as ConversationsResponse).items;
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.length).toBeLessThanOrEqual(12);
    const unread = items.filter((c: ConversationDto) => c.unreadCount > 0);
    expect(unread.length).toBeGreaterThanOrEqual(2);
    expect(items.every((c) => c.otherUser.displayName && c.otherUser.username)).toBe(true);
    // newest first, all in the past
    const times = items.map((c) => Date.parse(c.lastMessageAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    // the unread badge agrees (asked before any thread is opened: opening one reads it)
    const badge = (await demo.get('/api/v1/messages/unread-count')).json.count as number;
    expect(badge).toBe(unread.reduce((sum, c) => sum + c.unreadCount, 0));
    // some threads go both ways, several messages long
    let longThreads = 0;
    for (const c of items) {
      const thread = (await demo.get(`/api/v1/messages/conversations/${c.id}/messages`)).json.items as { senderId: string }[];
      if (thread.length >= 4 && thread.some((m) => m.senderId === DEMO_ID) && thread.some((m) => m.senderId !== DEMO_ID)) longThreads++;
    }
    expect(longThreads).toBeGreaterThanOrEqual(4);

    const saved = (await demo.get('/api/v1/messages/saved')).json.items as ConversationDto[];
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(saved.every((c) => c.starred)).toBe(true);
  });

  it('talks to members who can sign in too, and members talk among themselves', async () => {
    const [among] = await t.database.db
      .select({ n: count() })
      .from(messages)
      .where(sql`${messages.senderId} <> ${DEMO_ID} and ${messages.receiverId} <> ${DEMO_ID}`);
    expect(among!.n).toBeGreaterThanOrEqual(10);
    const member = rows.find((r) => r.userId !== DEMO_ID)!;
    const [{ email } = { email: '' }] = await t.database.db.select({ email: user.email }).from(user).where(eq(user.id, member.userId));
    expect(email.endsWith(`@${DEMO_MEMBER_DOMAIN}`)).toBe(true);
    const res = await client(t).post('/api/auth/sign-in/email', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  });
});

describe('discovery activity', () => {
  const anonymous = () => new Set(rows.filter((r) => r.anonymousMode).map((r) => r.userId));

  it('has members who liked the demo account and wait for its answer, a couple of matches, and likes among members', async () => {
    const all = await t.database.db.select().from(likes);
    const decided = (a: string, b: string) => all.find((l) => l.likerId === a && l.likedId === b);
    const waiting = all.filter((l) => l.likedId === DEMO_ID && l.liked && !decided(DEMO_ID, l.likerId));
    // liking one of these back on Discover makes a match
    expect(waiting.length).toBeGreaterThanOrEqual(4);
    const matches = all.filter((l) => l.likerId === DEMO_ID && l.liked && decided(l.likedId, DEMO_ID)?.liked);
    expect(matches.length).toBeGreaterThanOrEqual(1);
    expect(all.some((l) => l.likerId === DEMO_ID && !l.liked)).toBe(true);
    const among = all.filter((l) => l.likerId !== DEMO_ID && l.likedId !== DEMO_ID);
    expect(among.length).toBeGreaterThanOrEqual(50);
    expect(among.some((l) => !l.liked)).toBe(true);
    // nobody decides on themself; anonymous members are out of discovery and decide nothing
    expect(all.every((l) => l.likerId !== l.likedId)).toBe(true);
    expect(all.some((l) => anonymous().has(l.likerId) || anonymous().has(l.likedId))).toBe(false);
    expect(all.every((l) => l.createdAt.getTime() <= Date.now())).toBe(true);
  });

  it("shows the demo account real people in 'Looked @ Me' today and on earlier days", async () => {
    const today = await demo.get('/api/v1/profile-views/today');
    expect(today.status).toBe(200);
    expect(today.json.count).toBeGreaterThanOrEqual(5);
    expect(today.json.day).toBe(londonDay());
    const list = await demo.get('/api/v1/profile-views?limit=60');
    const days = (list.json as ProfileViewsResponse).items.map((i) => i.day);
    expect(days.filter((d) => d === today.json.day).length).toBe(today.json.count);
    expect(days.some((d) => d < today.json.day)).toBe(true);
    // views are stored as the site records them: the London day of the time, never a look at yourself or by an anonymous member
    const all = await t.database.db.select().from(profileViews);
    expect(all.every((v) => v.day === londonDay(v.viewedAt) && v.viewedAt.getTime() <= Date.now())).toBe(true);
    expect(all.every((v) => v.viewerId !== v.viewedId && !anonymous().has(v.viewerId))).toBe(true);
    // members looked at each other too
    expect(all.filter((v) => v.viewedId !== DEMO_ID).length).toBeGreaterThanOrEqual(50);
  });
});

describe('seeding again', () => {
  it('changes nothing once the community is there', async () => {
    const before = await snapshot();
    await seedDemoCommunity(t.database.db, { log });
    expect(await snapshot()).toBe(before);
  });

  it('replaces a community an interrupted seed left behind', async () => {
    const [members] = await t.database.db.select({ n: count() }).from(profiles);
    const [sent] = await t.database.db.select({ n: count() }).from(messages);
    // a crash before the last step leaves everything but the demo account's sign-in
    await t.database.db.delete(account).where(eq(account.userId, DEMO_ID));
    await t.database.db.update(profiles).set({ bio: 'half-seeded' });
    await seedDemoCommunity(t.database.db, { log });
    const after = await t.database.db.select().from(profiles);
    expect(after.length).toBe(members!.n);
    expect(after.some((r) => r.bio === 'half-seeded')).toBe(false);
    const [again] = await t.database.db.select({ n: count() }).from(messages);
    expect(again!.n).toBe(sent!.n);
    const res = await client(t).post('/api/auth/sign-in/email', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  });
});
