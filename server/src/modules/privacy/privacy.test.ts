import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { messages as text } from '@velvet/core/messages';
import { limits } from '@velvet/core/constants/limits';
import { client, signedInMember, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { cookieOf, openSocket, startTestServer, type TestSocket } from '../../../test/realtime-server';
import { profiles, userBlocks } from '../../db/schema/index';

let server: Awaited<ReturnType<typeof startTestServer>>;
const sockets: TestSocket[] = [];
type Member = { c: Client; id: string; name: string };
let ana: Member;
let ben: Member;
let cyd: Member;

const PRIVACY = '/api/v1/privacy';
const BLOCKS = '/api/v1/blocks';
const block = (who: Member, other: string, body: unknown = {}) => who.c.request('PUT', `${BLOCKS}/${other}`, body);
const unblock = (who: Member, other: string) => who.c.delete(`${BLOCKS}/${other}`);
const settings = (who: Member, body: unknown) => who.c.patch(PRIVACY, body);

async function member(name: string): Promise<Member> {
  const m = await finishedMember(server.t, name, { city: 'Manchester', age: 30 });
  return { ...m, name };
}

async function connect(who: Member) {
  const s = openSocket(server.wsUrl, { cookie: cookieOf(who.c) });
  sockets.push(s);
  await s.next('ready');
  return s;
}

async function blockRows(blocker: string, blocked: string) {
  const [row] = await server.t.database.db
    .select({ n: count() })
    .from(userBlocks)
    .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)));
  return row!.n;
}

const ids = (items: { userId?: string; id?: string }[]) => items.map((i) => i.userId ?? i.id);

/** Where `viewer` can find `other`: each list, page and count a member would notice. */
async function whereSeen(viewer: Member, other: Member) {
  const inList = async (url: string) => {
    const res = await viewer.c.get(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
    return ids(res.json.items).includes(other.id);
  };
  return {
    members: await inList('/api/v1/members?limit=60&sort=newest'),
    whosNear: await inList('/api/v1/members?limit=60&maxKm=50'),
    search: await inList(`/api/v1/members?limit=60&q=${other.name}`),
    discover: await inList('/api/v1/discover/next'),
    lookedAtMe: ids((await viewer.c.get('/api/v1/profile-views')).json.items.map((i: { member: object }) => i.member)).includes(other.id),
    conversations: await inList('/api/v1/messages/conversations'),
    profile: (await viewer.c.get(`/api/v1/profiles/${other.id}`)).status,
  };
}
const counts = async (viewer: Member) => ({
  viewsToday: (await viewer.c.get('/api/v1/profile-views/today')).json.count as number,
  statsViews: (await viewer.c.get('/api/v1/discover/stats')).json.views as number,
  unread: (await viewer.c.get('/api/v1/messages/unread-count')).json.count as number,
});

beforeAll(async () => {
  server = await startTestServer();
  ana = await member('ana_priv');
  ben = await member('ben_priv');
  cyd = await member('cyd_priv');
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server.t.close();
});

describe('signed out', () => {
  it('every privacy and block endpoint answers 401 and changes nothing', async () => {
    const visitor = client(server.t);
    expect((await visitor.get(PRIVACY)).status).toBe(401);
    expect((await visitor.patch(PRIVACY, { anonymousMode: true })).status).toBe(401);
    expect((await visitor.get(BLOCKS)).status).toBe(401);
    expect((await visitor.request('PUT', `${BLOCKS}/${ben.id}`, {})).status).toBe(401);
    expect((await visitor.delete(`${BLOCKS}/${ben.id}`)).status).toBe(401);
    expect(await blockRows(ana.id, ben.id)).toBe(0);
  });
});

describe('privacy settings', () => {
  it('reads and changes only the caller own toggles', async () => {
    expect((await ana.c.get(PRIVACY)).json.settings).toEqual({ anonymousMode: false, hideLastActive: false, hideLocation: false });
    const res = await settings(ana, { hideLocation: true });
    expect(res.status).toBe(200);
    expect(res.json.settings).toEqual({ anonymousMode: false, hideLastActive: false, hideLocation: true });
    expect((await ben.c.get(PRIVACY)).json.settings.hideLocation).toBe(false);
    expect((await ana.c.get('/api/v1/profiles/me')).json.profile.hideLocation).toBe(true);
    await settings(ana, { hideLocation: false });
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    for (const body of [{}, { anonymousMode: 'yes' }, { hideLocation: 1 }, { anonymousMode: true, userId: ben.id }, [true], null]) {
      const res = await settings(ana, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await settings(ana, {})).json.error.message).toBe(text.privacy.noChange);
    expect((await ana.c.request('PATCH', PRIVACY, 'anonymousMode=true', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await ana.c.request('PATCH', PRIVACY, '{"anonymousMode":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await ana.c.get(PRIVACY)).json.settings).toEqual({ anonymousMode: false, hideLastActive: false, hideLocation: false });
  });

  it('a member with no profile yet gets 404', async () => {
    const fresh = await signedInMember(server.t, 'noprofile_priv@example.com');
    expect((await fresh.get(PRIVACY)).status).toBe(404);
    expect((await fresh.patch(PRIVACY, { anonymousMode: true })).status).toBe(404);
  });

  it('Anonymous Mode takes the member out of every list and leaves no trace where they look', async () => {
    expect(await whereSeen(ben, ana)).toMatchObject({ members: true, whosNear: true, search: true, discover: true });
    await settings(ana, { anonymousMode: true });
    const before = await counts(cyd);
    expect((await ana.c.get(`/api/v1/profiles/${cyd.id}`)).status).toBe(200);
    expect(await whereSeen(ben, ana)).toMatchObject({ members: false, whosNear: false, search: false, discover: false });
    // Cyd is not told Ana looked: not listed, not counted
    expect(await whereSeen(cyd, ana)).toMatchObject({ lookedAtMe: false });
    expect(await counts(cyd)).toEqual(before);
    // turning it off shows Ana again, and the look made while anonymous stays untold
    await settings(ana, { anonymousMode: false });
    expect(await whereSeen(ben, ana)).toMatchObject({ members: true, search: true, discover: true });
    expect(await whereSeen(cyd, ana)).toMatchObject({ lookedAtMe: false });
    expect(await counts(cyd)).toEqual(before);
  });

  it('Hide Location takes away the town and the distance everywhere, and Who’s Near', async () => {
    const card = async () =>
      (await ben.c.get('/api/v1/members?limit=60&sort=newest')).json.items.find((i: { userId: string }) => i.userId === ana.id);
    expect(await card()).toMatchObject({ location: 'Manchester', distance: expect.any(String) });
    await settings(ana, { hideLocation: true });
    expect(await card()).toMatchObject({ location: null, distance: null });
    expect((await ben.c.get(`/api/v1/profiles/${ana.id}`)).json.profile.location).toBeNull();
    expect((await whereSeen(ben, ana)).whosNear).toBe(false);
    expect(ids((await ben.c.get('/api/v1/members?limit=60&location=Manchester')).json.items)).not.toContain(ana.id);
    await settings(ana, { hideLocation: false });
    expect((await ben.c.get(`/api/v1/profiles/${ana.id}`)).json.profile.location).toBe('Manchester');
  });

  it('Hide Last Active: never online or "active N min ago" to others, in lists, the profile, the inbox and over the socket', async () => {
    // Ana is online (a socket), Ben watches her presence and has a conversation with her
    const a1 = await connect(ana);
    const b1 = await connect(ben);
    expect((await ben.c.post(`/api/v1/messages/conversations/${ana.id}/messages`, { content: 'hello ana' })).status).toBe(201);
    b1.send({ type: 'presence.watch', payload: { userIds: [ana.id] } });
    expect((await b1.next('presence', (e) => e.payload.userId === ana.id)).payload.online).toBe(true);
    const inbox = async () => (await ana.c.get('/api/v1/messages/conversations')).json.items[0].otherUser;
    const bensInbox = async () =>
      (await ben.c.get('/api/v1/messages/conversations')).json.items.find((i: { id: string }) => i.id === ana.id).otherUser;
    expect(await bensInbox()).toMatchObject({ online: true, lastActiveAt: expect.any(String) });
    expect((await inbox()).id).toBe(ben.id);

    await settings(ana, { hideLastActive: true });
    // the watcher is told at once: offline, no time
    const off = await b1.next('presence', (e) => e.payload.userId === ana.id && !e.payload.online);
    expect(off.payload).toEqual({ userId: ana.id, online: false, lastActiveAt: null });
    expect(await bensInbox()).toMatchObject({ online: false, lastActiveAt: null });
    expect((await ben.c.get(`/api/v1/profiles/${ana.id}`)).json.profile.lastActiveAt).toBeNull();
    const card = (await ben.c.get('/api/v1/members?limit=60&sort=online')).json.items.find((i: { userId: string }) => i.userId === ana.id);
    expect(card.online).toBe(false);
    expect(ids((await ben.c.get('/api/v1/members?limit=60&online=1')).json.items)).not.toContain(ana.id);
    // watching again answers nothing about her, and her sockets coming and going say nothing
    const mark = b1.events.length;
    b1.send({ type: 'presence.watch', payload: { userIds: [ana.id, cyd.id] } });
    await b1.next('presence', (e) => e.payload.userId === cyd.id && b1.events.indexOf(e) >= mark);
    await a1.close();
    const a2 = await connect(ana);
    await a2.close();
    const c1 = await connect(cyd); // Cyd coming online: if Ana's presence were sent, it came first
    await b1.next('presence', (e) => e.payload.userId === cyd.id && e.payload.online && b1.events.indexOf(e) > mark);
    expect(b1.events.slice(mark).some((e) => e.type === 'presence' && e.payload.userId === ana.id)).toBe(false);
    await c1.close();
    await b1.close();
    await settings(ana, { hideLastActive: false });
  });
});

describe('blocks: the API', () => {
  it('refuses yourself (400), an unknown member (404), a malformed id, an oversized or wrong-typed reason (400); stores nothing', async () => {
    expect((await block(ana, ana.id)).status).toBe(400);
    expect((await block(ana, ana.id)).json.error.message).toBe(text.privacy.self);
    expect((await block(ana, 'no-such-member')).status).toBe(404);
    expect((await unblock(ana, 'no-such-member')).status).toBe(404);
    expect((await block(ana, 'bad%20id')).status).toBe(400);
    const long = await block(ana, ben.id, { reason: 'x'.repeat(limits.blockReasonMax + 1) });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe(text.privacy.reasonTooLong);
    expect((await block(ana, ben.id, { reason: 42 })).status).toBe(400);
    expect((await block(ana, ben.id, { reason: 'nul \u0000' })).status).toBe(400);
    expect((await block(ana, ben.id, { reason: 'ok', blockerId: cyd.id })).status).toBe(400);
    expect((await ana.c.request('PUT', `${BLOCKS}/${ben.id}`, 'reason', { 'content-type': 'text/plain' })).status).toBe(415);
    expect(await blockRows(ana.id, ben.id)).toBe(0);
    expect((await ana.c.get(BLOCKS)).json.items).toEqual([]);
  });

  it('blocks with a reason (201), again changes nothing (200), lists it newest first with name, avatar and date', async () => {
    const first = await block(ana, ben.id, { reason: '  <b>rude</b> messages  ' });
    expect(first.status).toBe(201);
    expect(first.json.block).toMatchObject({
      userId: ben.id,
      username: 'ben_priv',
      displayName: 'ben priv',
      reason: '<b>rude</b> messages',
    });
    const again = await block(ana, ben.id, { reason: 'another reason' });
    expect(again.status).toBe(200);
    expect(again.json.block.reason).toBe('<b>rude</b> messages');
    expect(await blockRows(ana.id, ben.id)).toBe(1);
    expect((await block(ana, cyd.id, {})).status).toBe(201);
    const list = (await ana.c.get(BLOCKS)).json.items;
    expect(list.map((b: { userId: string }) => b.userId)).toEqual([cyd.id, ben.id]);
    expect(list[0]).toMatchObject({ reason: null, avatarUrl: null, blockedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    // each member reads only their own list
    expect((await ben.c.get(BLOCKS)).json.items).toEqual([]);
    expect((await cyd.c.get(BLOCKS)).json.items).toEqual([]);
  });

  it("another member cannot lift someone else's block", async () => {
    expect((await unblock(cyd, ben.id)).status).toBe(200);
    expect((await ben.c.delete(`${BLOCKS}/${ana.id}`)).status).toBe(200);
    expect(await blockRows(ana.id, ben.id)).toBe(1);
    expect(await blockRows(ana.id, cyd.id)).toBe(1);
  });

  it('unblocks (200), and again (200, nothing to do)', async () => {
    expect((await unblock(ana, ben.id)).json).toEqual({ blocked: false });
    expect((await unblock(ana, ben.id)).status).toBe(200);
    expect((await unblock(ana, cyd.id)).status).toBe(200);
    expect((await ana.c.get(BLOCKS)).json.items).toEqual([]);
  });
});

describe('a block in an open chat', () => {
  it('hides both from each other everywhere at once, stops the next message and every live event, and all comes back on unblock', async () => {
    const dee = await member('dee_priv');
    const eve = await member('eve_priv');
    // they talked, looked at each other, and both have the chat open with sockets
    expect((await eve.c.post(`/api/v1/messages/conversations/${dee.id}/messages`, { content: 'hi dee' })).status).toBe(201);
    expect((await dee.c.post(`/api/v1/messages/conversations/${eve.id}/messages`, { content: 'hi eve' })).status).toBe(201);
    await dee.c.get(`/api/v1/profiles/${eve.id}`);
    await eve.c.get(`/api/v1/profiles/${dee.id}`);
    const d1 = await connect(dee);
    const e1 = await connect(eve);
    const e2 = await connect(eve); // a second tab
    e1.send({ type: 'presence.watch', payload: { userIds: [dee.id] } });
    d1.send({ type: 'presence.watch', payload: { userIds: [eve.id] } });
    await e1.next('presence', (e) => e.payload.userId === dee.id);
    await d1.next('presence', (e) => e.payload.userId === eve.id);
    const seen = { members: true, whosNear: true, search: true, discover: true, lookedAtMe: true, conversations: true, profile: 200 };
    expect(await whereSeen(dee, eve)).toEqual(seen);
    expect(await whereSeen(eve, dee)).toEqual(seen);
    const [deeCounts, eveCounts] = [await counts(dee), await counts(eve)];

    // Dee blocks Eve: every open tab of both hears it
    expect((await block(dee, eve.id, { reason: 'spam' })).status).toBe(201);
    expect((await d1.next('member.hidden')).payload).toEqual({ userId: eve.id, hidden: true });
    expect((await e1.next('member.hidden')).payload).toEqual({ userId: dee.id, hidden: true });
    expect((await e2.next('member.hidden')).payload).toEqual({ userId: dee.id, hidden: true });

    // Eve's next message is refused with the plain message, nothing stored
    const refused = await eve.c.post(`/api/v1/messages/conversations/${dee.id}/messages`, { content: 'hello?' });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(text.messaging.blocked);
    expect(JSON.stringify(refused.json)).not.toMatch(/block/i);
    // Dee, who blocked, is told why
    const own = await dee.c.post(`/api/v1/messages/conversations/${eve.id}/messages`, { content: 'bye' });
    expect(own.json.error.message).toBe(text.messaging.blockedByYou);

    // gone from each other's lists, pages and counts, both ways
    const gone = { members: false, whosNear: false, search: false, discover: false, lookedAtMe: false, conversations: false, profile: 404 };
    expect(await whereSeen(dee, eve)).toEqual(gone);
    expect(await whereSeen(eve, dee)).toEqual(gone);
    expect(await counts(dee)).toEqual({ viewsToday: deeCounts.viewsToday - 1, statsViews: deeCounts.statsViews - 1, unread: 0 });
    expect(await counts(eve)).toEqual({ viewsToday: eveCounts.viewsToday - 1, statsViews: eveCounts.statsViews - 1, unread: 0 });

    // no typing, presence or read receipts cross: each is followed by something that does arrive
    const [dMark, eMark] = [d1.events.length, e1.events.length];
    e1.send({ type: 'typing', payload: { to: dee.id, typing: true } });
    d1.send({ type: 'typing', payload: { to: eve.id, typing: true } });
    expect((await eve.c.post(`/api/v1/messages/conversations/${dee.id}/read`)).status).toBe(403);
    expect((await dee.c.post(`/api/v1/messages/conversations/${eve.id}/read`)).status).toBe(403);
    await e2.close(); // Eve still has e1 open: no offline; then her last socket goes
    await e1.close();
    const e3 = await connect(eve);
    // a message from a third member to both: when it arrives, anything sent before it has too
    const fay = await member('fay_priv');
    await fay.c.post(`/api/v1/messages/conversations/${dee.id}/messages`, { content: 'marker' });
    await fay.c.post(`/api/v1/messages/conversations/${eve.id}/messages`, { content: 'marker' });
    await d1.next('message.created', (e) => e.payload.message.senderId === fay.id);
    await e3.next('message.created', (e) => e.payload.message.senderId === fay.id);
    const crossed = (events: typeof d1.events, other: string) =>
      events.filter(
        (e) =>
          (e.type === 'typing' && e.payload.userId === other) ||
          (e.type === 'presence' && e.payload.userId === other) ||
          (e.type === 'message.read' && (e.payload.readerId === other || e.payload.senderId === other)) ||
          (e.type === 'message.created' && (e.payload.message.senderId === other || e.payload.message.receiverId === other)),
      );
    expect(crossed(d1.events.slice(dMark), eve.id)).toEqual([]);
    expect(crossed(e1.events.slice(eMark), dee.id)).toEqual([]);
    expect(crossed(e3.events, dee.id)).toEqual([]);

    // the conversation is kept in the database, and comes back on unblock
    expect((await unblock(dee, eve.id)).status).toBe(200);
    expect((await d1.next('member.hidden', (e) => !e.payload.hidden)).payload).toEqual({ userId: eve.id, hidden: false });
    expect((await e3.next('member.hidden', (e) => !e.payload.hidden)).payload).toEqual({ userId: dee.id, hidden: false });
    expect(await whereSeen(dee, eve)).toEqual(seen);
    const thread = (await dee.c.get(`/api/v1/messages/conversations/${eve.id}/messages`)).json.items;
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['hi dee', 'hi eve']);
  });

  it('a block by the other side hides just the same (both directions)', async () => {
    expect((await block(cyd, ana.id)).status).toBe(201);
    const gone = await whereSeen(ana, cyd);
    expect(gone).toMatchObject({ members: false, search: false, discover: false, profile: 404 });
    const refused = await ana.c.post(`/api/v1/messages/conversations/${cyd.id}/messages`, { content: 'hi' });
    expect(refused.json.error.message).toBe(text.messaging.blocked);
    await unblock(cyd, ana.id);
    expect(await server.t.database.db.select().from(profiles).where(eq(profiles.userId, cyd.id))).toHaveLength(1);
  });
});
