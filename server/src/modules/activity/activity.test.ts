import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Activity, ActivityPage, HotlistUpdates } from '@velvet/core/schemas/activity.schema';
import { type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { cookieOf, openSocket, startTestServer, type TestSocket } from '../../../test/realtime-server';
import type { TestApp } from '../../../test/test-app';
import { activities, friendships, hotlist, profiles, user, userBlocks, userVerifications } from '../../db/schema/index';
import { recordActivity, recordNewContent } from './activity.public';

let server: Awaited<ReturnType<typeof startTestServer>>;
let t: TestApp;
const ids: Record<string, string> = {};
const as: Record<string, Client> = {};
const sockets: TestSocket[] = [];

async function member(name: string) {
  const made = await finishedMember(t, name, { city: 'Leeds' });
  ids[name] = made.id;
  as[name] = made.c;
}

const ok = async <T>(res: Promise<{ status: number; json: unknown; text: string }>, status = 200): Promise<T> => {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.json as T;
};
const feed = (who: string, q = '') => ok<ActivityPage>(as[who]!.get(`/api/v1/activities${q}`));
const unread = async (who: string) => (await ok<{ unread: number }>(as[who]!.get('/api/v1/activities/unread-count'))).unread;
/** The recipient's rows as stored (hidden ones too). */
const rowsOf = (who: string) => t.database.db.select().from(activities).where(eq(activities.recipientId, ids[who]!));
const typesFrom = (page: ActivityPage, actor: string) => page.items.filter((a) => a.actor?.userId === ids[actor]).map((a) => a.type);

beforeAll(async () => {
  server = await startTestServer();
  t = server.t;
  for (const name of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'anon', 'mod', 'pager']) await member(name);
  await t.database.db.update(profiles).set({ anonymousMode: true }).where(eq(profiles.userId, ids.anon!));
  await t.database.db.update(user).set({ role: 'moderator' }).where(eq(user.id, ids.mod!));
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server?.t.close();
});

describe('signed out', () => {
  it('answers 401 on every endpoint', async () => {
    const { client } = await import('../../../test/http');
    const anon = client(t);
    for (const [method, url] of [
      ['GET', '/api/v1/activities'],
      ['GET', '/api/v1/activities/unread-count'],
      ['POST', '/api/v1/activities/read-all'],
      ['POST', '/api/v1/activities/00000000-0000-4000-8000-000000000000/read'],
    ] as const)
      expect((await anon.request(method, url, method === 'POST' ? {} : undefined)).status, url).toBe(401);
  });
});

describe('recording', () => {
  it('a like, then a match for both when it is mutual; a repeated like records nothing more', async () => {
    await ok(as.ann!.post(`/api/v1/discover/${ids.bob}/like`));
    await ok(as.ann!.post(`/api/v1/discover/${ids.bob}/like`));
    expect(typesFrom(await feed('bob'), 'ann')).toEqual(['like']);
    await ok(as.bob!.post(`/api/v1/discover/${ids.ann}/like`));
    expect(typesFrom(await feed('bob'), 'ann')).toEqual(['match', 'like']);
    expect(typesFrom(await feed('ann'), 'bob')).toEqual(['match']);
    // a pass records nothing
    await ok(as.cat!.post(`/api/v1/discover/${ids.dan}/pass`));
    expect(typesFrom(await feed('dan'), 'cat')).toEqual([]);
  });

  it('a message: one activity per burst, a new one after the conversation was read', async () => {
    const send = (content: string) => ok(as.cat!.post(`/api/v1/messages/conversations/${ids.dan}/messages`, { content }), 201);
    await send('hello');
    await send('are you there?');
    expect(typesFrom(await feed('dan'), 'cat')).toEqual(['message']);
    // opening the thread reads the messages and their notification
    await ok(as.dan!.get(`/api/v1/messages/conversations/${ids.cat}/messages`));
    const [read] = (await feed('dan')).items.filter((a) => a.actor?.userId === ids.cat);
    expect(read?.read).toBe(true);
    await send('one more');
    const after = (await feed('dan')).items.filter((a) => a.actor?.userId === ids.cat);
    expect(after.map((a) => [a.type, a.read])).toEqual([
      ['message', false],
      ['message', true],
    ]);
  });

  it('a friend invite and its acceptance, each pushed live to its recipient', async () => {
    const bobSocket = openSocket(server.wsUrl, { cookie: cookieOf(as.eve!) });
    const annSocket = openSocket(server.wsUrl, { cookie: cookieOf(as.fay!) });
    sockets.push(bobSocket, annSocket);
    await Promise.all([bobSocket.next('ready'), annSocket.next('ready')]);
    await ok(as.fay!.post(`/api/v1/friends/${ids.eve}`), 201);
    const invite = await bobSocket.next('activity.created');
    expect(invite.payload.activity).toMatchObject({ type: 'friend_invite', read: false, actor: { userId: ids.fay, username: 'fay' } });
    expect((await feed('eve')).items[0]).toEqual(invite.payload.activity);
    await ok(as.eve!.post(`/api/v1/friends/${ids.fay}/accept`));
    const accepted = await annSocket.next('activity.created', (e) => e.payload.activity.type === 'friend_accept');
    expect(accepted.payload.activity.actor?.userId).toBe(ids.eve);
    expect(typesFrom(await feed('fay'), 'eve')).toEqual(['friend_accept']);
    // the invitee's own socket heard nothing about their own acceptance
    expect(bobSocket.events.filter((e) => e.type === 'activity.created')).toHaveLength(1);
  });

  it('a wink, once a day as winks are', async () => {
    await ok(as.ann!.post(`/api/v1/winks/${ids.cat}`), 204);
    expect((await as.ann!.post(`/api/v1/winks/${ids.cat}`)).status).toBe(409);
    expect(typesFrom(await feed('cat'), 'ann')).toEqual(['wink']);
  });

  it("a profile view, once a day; never an anonymous member's", async () => {
    await ok(as.eve!.get(`/api/v1/profiles/${ids.dan}`));
    await ok(as.eve!.get(`/api/v1/profiles/${ids.dan}`));
    await ok(as.anon!.get(`/api/v1/profiles/${ids.dan}`));
    expect(typesFrom(await feed('dan'), 'eve')).toEqual(['profile_view']);
    expect(typesFrom(await feed('dan'), 'anon')).toEqual([]);
    expect((await rowsOf('dan')).filter((r) => r.actorId === ids.anon)).toEqual([]);
    // nor through the public function, whoever calls it
    expect(await recordActivity(t.database.db, { recipientId: ids.dan!, actorId: ids.anon!, type: 'profile_view' })).toBeNull();
  });

  it('a verification decision, from the site, with its outcome', async () => {
    const [v] = await t.database.db
      .insert(userVerifications)
      .values({ userId: ids.pager!, verificationType: 'photo', verificationData: {}, photoKey: `verifications/${ids.pager}/x.webp` })
      .returning();
    await ok(as.mod!.post(`/api/v1/admin/verifications/${v!.id}/approve`));
    const [first] = (await feed('pager')).items;
    expect(first).toMatchObject({ type: 'verification', actor: null, detail: 'approved', subject: { kind: 'verification', id: v!.id } });
  });

  it('a report decision, told to the reporter', async () => {
    const report = await ok<{ id: string }>(
      as.cat!.post('/api/v1/reports', { targetType: 'member', targetId: ids.eve, reason: 'spam_or_scam' }),
      201,
    );
    await ok(as.mod!.post(`/api/v1/admin/reports/${report.id}/dismiss`, { reason: 'Not spam' }));
    const [first] = (await feed('cat')).items;
    expect(first).toMatchObject({ type: 'report', actor: null, detail: 'dismissed', subject: { kind: 'report', id: report.id } });
  });

  it('nothing for oneself or across a block; a failed event records nothing', async () => {
    expect(await recordActivity(t.database.db, { recipientId: ids.ann!, actorId: ids.ann!, type: 'like' })).toBeNull();
    await t.database.db.insert(userBlocks).values({ blockerId: ids.pager!, blockedId: ids.ann! });
    expect((await as.ann!.post(`/api/v1/discover/${ids.pager}/like`)).status).toBe(404);
    expect(await recordActivity(t.database.db, { recipientId: ids.pager!, actorId: ids.ann!, type: 'wink' })).toBeNull();
    expect((await rowsOf('pager')).filter((r) => r.actorId === ids.ann)).toEqual([]);
    await t.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, ids.pager!));
  });
});

describe('reading', () => {
  it('hides a blocked (either way), suspended or departed actor from the feed and the count, while it lasts', async () => {
    const gone = await finishedMember(t, 'gone', { city: 'York' });
    for (const who of ['ann', 'bob', 'eve'])
      await recordActivity(t.database.db, { recipientId: ids.dan!, actorId: ids[who]!, type: 'wink' });
    await recordActivity(t.database.db, { recipientId: ids.dan!, actorId: gone.id, type: 'wink' });
    const before = await unread('dan');
    const actors = async () => new Set((await feed('dan', '?limit=50')).items.map((a) => a.actor?.userId));
    expect(await actors()).toEqual(new Set([ids.ann, ids.bob, ids.eve, ids.cat, gone.id]));

    await t.database.db.insert(userBlocks).values([
      { blockerId: ids.dan!, blockedId: ids.ann! },
      { blockerId: ids.bob!, blockedId: ids.dan! },
    ]);
    await t.database.db.update(user).set({ banned: true }).where(eq(user.id, ids.eve!));
    await t.database.db.delete(user).where(eq(user.id, gone.id));
    const shown = await actors();
    for (const hidden of [ids.ann, ids.bob, ids.eve, gone.id]) expect(shown.has(hidden)).toBe(false);
    expect(shown.has(ids.cat)).toBe(true);
    expect(await unread('dan')).toBeLessThan(before);
    const hidden = (await rowsOf('dan')).find((r) => r.actorId === ids.ann)!;
    // a hidden activity cannot be marked read either
    expect((await as.dan!.post(`/api/v1/activities/${hidden.id}/read`)).status).toBe(404);

    await t.database.db.delete(userBlocks).where(sql`${userBlocks.blockerId} in (${ids.dan}, ${ids.bob})`);
    await t.database.db.update(user).set({ banned: false }).where(eq(user.id, ids.eve!));
    const back = await actors();
    for (const shownAgain of [ids.ann, ids.bob, ids.eve]) expect(back.has(shownAgain)).toBe(true);
  });

  it("marks one read; another member's id is 404 and changes nothing; a malformed id is 400", async () => {
    const [mine] = (await feed('cat', '?unread=true')).items;
    expect(mine).toBeDefined();
    const [theirs] = (await feed('dan', '?unread=true')).items;
    expect(theirs).toBeDefined();
    const res = await as.cat!.post(`/api/v1/activities/${theirs!.id}/read`);
    expect(res.status).toBe(404);
    const [stored] = await t.database.db.select().from(activities).where(eq(activities.id, theirs!.id));
    expect(stored!.readAt).toBeNull();
    expect((await as.cat!.post('/api/v1/activities/not-an-id/read')).status).toBe(400);
    expect((await as.cat!.get('/api/v1/activities?limit=0')).status).toBe(400);
    expect((await as.cat!.get('/api/v1/activities?cursor=bm9wZQ')).status).toBe(400);

    const count = await unread('cat');
    expect((await as.cat!.post(`/api/v1/activities/${mine!.id}/read`)).status).toBe(204);
    expect((await as.cat!.post(`/api/v1/activities/${mine!.id}/read`)).status).toBe(204);
    expect(await unread('cat')).toBe(count - 1);
    expect((await feed('cat', '?unread=true')).items.map((a) => a.id)).not.toContain(mine!.id);
  });

  it("marks all read: the caller's own only", async () => {
    const danUnread = await unread('dan');
    expect(danUnread).toBeGreaterThan(0);
    const done = await ok<{ marked: number }>(as.cat!.post('/api/v1/activities/read-all'));
    expect(done.marked).toBeGreaterThan(0);
    expect(await unread('cat')).toBe(0);
    expect((await feed('cat', '?unread=true')).items).toEqual([]);
    expect(await unread('dan')).toBe(danUnread);
  });

  it('pages to the end, newest first, with no gaps or repeats while new rows arrive', async () => {
    const others = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay'];
    const stamp = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 2))).toISOString(); // pairs share a time
    await t.database.db.insert(activities).values(
      Array.from({ length: 30 }, (_, i) => ({
        recipientId: ids.pager!,
        actorId: ids[others[i % others.length]!]!,
        type: 'wink',
        createdAt: new Date(stamp(i)),
      })),
    );
    const expected = (await rowsOf('pager')).length;
    const seen: Activity[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ActivityPage = await feed('pager', `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
      // meanwhile, something new happens to them: it belongs on a first page, not on later ones
      await recordActivity(t.database.db, { recipientId: ids.pager!, actorId: ids.fay!, type: 'profile_view' });
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(expected);
    expect(new Set(seen.map((a) => a.id)).size).toBe(expected);
    const times = seen.map((a) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(seen.some((a) => a.type === 'profile_view' && a.actor?.userId === ids.fay)).toBe(false);
    const fresh = await feed('pager', '?limit=50');
    expect(fresh.items.filter((a) => a.type === 'profile_view' && a.actor?.userId === ids.fay).length).toBeGreaterThan(0);
    const stored = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.recipientId, ids.pager!), eq(activities.type, 'profile_view')));
    expect(stored.length).toBe(pages);
  });

  it("gives each hotlisted member's latest new content, for the caller's hotlist only, hidden across a block", async () => {
    await ok(as.fay!.request('PUT', `/api/v1/hotlist/${ids.ann}`), 204);
    await ok(as.fay!.request('PUT', `/api/v1/hotlist/${ids.bob}`), 204);
    const post = (to: string, by: string, id: string, at: string) =>
      t.database.db.insert(activities).values({
        recipientId: ids[to]!,
        actorId: ids[by]!,
        type: 'new_content',
        subjectKind: 'media',
        subjectId: id,
        createdAt: new Date(at),
      });
    await post('fay', 'ann', 'old', '2026-02-01T10:00:00Z');
    await post('fay', 'ann', 'new', '2026-02-02T10:00:00Z');
    await post('fay', 'cat', 'not-hotlisted', '2026-02-03T10:00:00Z');
    await post('dan', 'bob', 'told-to-dan', '2026-02-03T10:00:00Z');
    const latest = await ok<HotlistUpdates>(as.fay!.get('/api/v1/activities/hotlist'));
    expect(latest.items.map((i) => [i.userId, i.activity.subject?.id])).toEqual([[ids.ann, 'new']]);
    expect((await ok<HotlistUpdates>(as.dan!.get('/api/v1/activities/hotlist'))).items).toEqual([]);
    await t.database.db.insert(userBlocks).values({ blockerId: ids.ann!, blockedId: ids.fay! });
    expect((await ok<HotlistUpdates>(as.fay!.get('/api/v1/activities/hotlist'))).items).toEqual([]);
    await t.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, ids.ann!));
    await t.database.db.delete(hotlist).where(eq(hotlist.userId, ids.fay!));
  });
});

describe('marking read, live on every device of the member', () => {
  it("tells the member's other sockets what was read and the new count; another member's sockets hear nothing", async () => {
    await member('tab');
    await member('peer');
    const [first, second, peer] = [as.tab!, as.tab!, as.peer!].map((c) => openSocket(server.wsUrl, { cookie: cookieOf(c) }));
    sockets.push(first!, second!, peer!);
    await Promise.all([first!.next('ready'), second!.next('ready'), peer!.next('ready')]);
    for (const by of ['ann', 'bob']) await recordActivity(t.database.db, { recipientId: ids.tab!, actorId: ids[by]!, type: 'wink' });
    await second!.next('activity.created', (e) => e.payload.activity.actor?.userId === ids.bob);
    const wink = second!.events.find((e) => e.type === 'activity.created')!;
    const winkId = wink.type === 'activity.created' ? wink.payload.activity.id : '';

    // another member's id: 404, nothing marked, nothing announced
    expect((await as.peer!.post(`/api/v1/activities/${winkId}/read`)).status).toBe(404);
    expect((await as.tab!.post(`/api/v1/activities/${winkId}/read`)).status).toBe(204);
    const one = await second!.next('activity.read');
    expect(one.payload).toEqual({ ids: [winkId], unread: 1 });
    await first!.next('activity.read');
    // marked again: nothing changed, so nothing more is said
    expect((await as.tab!.post(`/api/v1/activities/${winkId}/read`)).status).toBe(204);

    expect((await as.tab!.post('/api/v1/activities/read-all')).status).toBe(200);
    const all = await second!.next('activity.read', (e) => 'all' in e.payload);
    expect(all.payload).toEqual({ all: true, unread: 0 });
    expect(second!.events.filter((e) => e.type === 'activity.read')).toHaveLength(2);
    expect(await unread('tab')).toBe(0);

    // NOTIFYs arrive in commit order: once the peer hears of something newer, it has heard all it will
    await recordActivity(t.database.db, { recipientId: ids.peer!, actorId: ids.ann!, type: 'wink' });
    await peer!.next('activity.created');
    expect(peer!.events.filter((e) => e.type === 'activity.read')).toEqual([]);
  });
});

describe('new content, told to followers in one statement', () => {
  it('tells a friend who also hotlists the owner once, and no one across a block either way', async () => {
    for (const name of ['star', 'fan', 'pal', 'foe', 'shy', 'stranger']) await member(name);
    await t.database.db.insert(friendships).values([
      { inviterId: ids.star!, inviteeId: ids.fan!, status: 'accepted' },
      { inviterId: ids.pal!, inviteeId: ids.star!, status: 'accepted' },
      { inviterId: ids.shy!, inviteeId: ids.star!, status: 'accepted' },
      { inviterId: ids.stranger!, inviteeId: ids.star!, status: 'pending' },
    ]);
    await t.database.db.insert(hotlist).values([
      { userId: ids.fan!, memberId: ids.star! },
      { userId: ids.foe!, memberId: ids.star! },
    ]);
    await t.database.db.insert(userBlocks).values([
      { blockerId: ids.star!, blockedId: ids.foe! },
      { blockerId: ids.shy!, blockedId: ids.star! },
    ]);
    const [fanSocket, foeSocket] = [as.fan!, as.foe!].map((c) => openSocket(server.wsUrl, { cookie: cookieOf(c) }));
    sockets.push(fanSocket!, foeSocket!);
    await Promise.all([fanSocket!.next('ready'), foeSocket!.next('ready')]);

    const contentId = randomUUID();
    const told = await t.database.db.transaction((tx) => recordNewContent(tx, ids.star!, contentId));
    expect(told).toBe(2);
    const stored = await t.database.db
      .select({ recipientId: activities.recipientId })
      .from(activities)
      .where(and(eq(activities.type, 'new_content'), eq(activities.subjectId, contentId)));
    expect(stored.map((r) => r.recipientId).sort()).toEqual([ids.fan, ids.pal].sort());
    const live = await fanSocket!.next('activity.created', (e) => e.payload.activity.subject?.id === contentId);
    expect(live.payload.activity).toMatchObject({
      type: 'new_content',
      actor: { userId: ids.star },
      subject: { kind: 'content', id: contentId },
    });
    expect((await feed('fan')).items.filter((a) => a.subject?.id === contentId)).toEqual([live.payload.activity]);

    // NOTIFYs arrive in commit order: once each has heard of something newer, they have heard all they will
    await recordActivity(t.database.db, { recipientId: ids.fan!, actorId: ids.pal!, type: 'wink' });
    await recordActivity(t.database.db, { recipientId: ids.foe!, actorId: ids.pal!, type: 'wink' });
    await Promise.all([
      fanSocket!.next('activity.created', (e) => e.payload.activity.type === 'wink'),
      foeSocket!.next('activity.created'),
    ]);
    expect(fanSocket!.events.filter((e) => e.type === 'activity.created' && e.payload.activity.subject?.id === contentId)).toHaveLength(1);
    expect(foeSocket!.events.filter((e) => e.type === 'activity.created' && e.payload.activity.subject?.id === contentId)).toEqual([]);
  });
});
