import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import WebSocket from 'ws';
import { CLOSE_CODES, REALTIME_PATH } from '@velvet/core/realtime/protocol';
import { signedInMember, type Client } from '../../test/http';
import { cookieOf, httpRequest, openSocket, startTestServer, type TestSocket } from '../../test/realtime-server';
import { profiles, userBlocks } from '../db/schema/index';
import { createLogger } from '../logger';
import { loadSession, type AppEnv } from '../middleware/session';
import { createGateway, type GatewayOptions } from './gateway';
import { createSlots, createTouchSchedule, takeFirst } from './heartbeat';
import { realtimeRoutes } from './realtime.routes';

let server: Awaited<ReturnType<typeof startTestServer>>;
let a: Client;
let b: Client;
let c: Client;
let aId: string;
let bId: string;
let cId: string;
const sockets: TestSocket[] = [];

const api = '/api/v1/messages';
/** A signed-in socket, ready once the server said so. */
async function connect(who: Client) {
  const s = openSocket(server.wsUrl, { cookie: cookieOf(who) });
  sockets.push(s);
  await s.next('ready');
  return s;
}
const http = (who: Client, method: string, url: string, body?: unknown) => httpRequest(server.base, who, method, url, body);

async function member(email: string, username: string) {
  const m = await signedInMember(server.t, email);
  const id = (await m.get('/api/v1/me')).json.user.id as string;
  await m.post('/api/v1/profiles', { username, displayName: username });
  return { m, id };
}

beforeAll(async () => {
  server = await startTestServer();
  [{ m: a, id: aId }, { m: b, id: bId }, { m: c, id: cId }] = await Promise.all([
    member('ana@example.com', 'ana_rt'),
    member('bob@example.com', 'bob_rt'),
    member('cyd@example.com', 'cyd_rt'),
  ]);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server.t.close();
});

describe('connecting', () => {
  it('closes a socket without a session with 4401 and a reason', async () => {
    const s = openSocket(server.wsUrl);
    expect(await s.closed).toEqual({ code: CLOSE_CODES.unauthenticated, reason: 'Sign in to connect' });
    const forged = openSocket(server.wsUrl, { cookie: 'velvet.session_token=forged.value' });
    expect((await forged.closed).code).toBe(CLOSE_CODES.unauthenticated);
  });

  it("refuses a page from another site even with the member's cookie (4403)", async () => {
    const s = openSocket(server.wsUrl, { cookie: cookieOf(a), origin: 'https://evil.example' });
    expect((await s.closed).code).toBe(CLOSE_CODES.forbiddenOrigin);
    const own = openSocket(server.wsUrl, { cookie: cookieOf(a), origin: 'http://localhost:3000' });
    sockets.push(own);
    expect((await own.next('ready')).payload.userId).toBe(aId);
  });

  it('answers an application ping with pong', async () => {
    const s = await connect(a);
    s.send({ type: 'ping' });
    await s.next('pong');
    s.send('not json');
    s.send({ type: 'nonsense', payload: { x: 1 } });
    s.send({ type: 'ping' });
    await s.next('pong');
  });
});

describe('messages in real time', () => {
  it('delivers a message sent over HTTP to every socket of the receiver and the sender', async () => {
    const [b1, b2, a1, c1] = [await connect(b), await connect(b), await connect(a), await connect(c)];
    const sent = await http(a, 'POST', `${api}/conversations/${bId}/messages`, { content: 'Hi Bob <b>!</b>', clientId: 'rt-1' });
    expect(sent.status).toBe(201);
    for (const s of [b1, b2, a1]) {
      const event = await s.next('message.created', (e) => e.payload.message.id === sent.json.message.id);
      expect(event.payload.message).toEqual(sent.json.message);
    }
    // a retry stores nothing and announces nothing new
    await http(a, 'POST', `${api}/conversations/${bId}/messages`, { content: 'Hi Bob <b>!</b>', clientId: 'rt-1' });
    const marker = await http(a, 'POST', `${api}/conversations/${bId}/messages`, { content: 'marker' });
    await b1.next('message.created', (e) => e.payload.message.id === marker.json.message.id);
    expect(b1.events.filter((e) => e.type === 'message.created' && e.payload.message.clientId === 'rt-1')).toHaveLength(1);
    // a third member hears nothing of it: a later message to them comes first
    const toC = await http(a, 'POST', `${api}/conversations/${cId}/messages`, { content: 'for Cyd' });
    await c1.next('message.created', (e) => e.payload.message.id === toC.json.message.id);
    expect(c1.events.filter((e) => e.type === 'message.created').map((e) => e.payload.message.id)).toEqual([toC.json.message.id]);
  });

  it('delivers a message too large for NOTIFY in full (sent by id, reloaded)', async () => {
    const b1 = await connect(b);
    const content = '😀'.repeat(5000);
    const sent = await http(a, 'POST', `${api}/conversations/${bId}/messages`, { content });
    expect(sent.status).toBe(201);
    const event = await b1.next('message.created', (e) => e.payload.message.id === sent.json.message.id);
    expect(event.payload.message.content).toBe(content);
  });

  it('tells both members when the sender deletes, and when the receiver reads', async () => {
    const [a1, b1] = [await connect(a), await connect(b)];
    const sent = await http(a, 'POST', `${api}/conversations/${bId}/messages`, { content: 'soon gone' });
    await b1.next('message.created', (e) => e.payload.message.id === sent.json.message.id);
    const opened = await http(b, 'GET', `${api}/conversations/${aId}/messages`);
    expect(opened.status).toBe(200);
    const read = await a1.next('message.read', (e) => e.payload.readerId === bId);
    expect(read.payload).toMatchObject({ readerId: bId, senderId: aId });
    expect(read.payload.count).toBeGreaterThan(0);

    expect((await http(a, 'DELETE', `${api}/${sent.json.message.id}`)).status).toBe(200);
    for (const s of [a1, b1]) {
      const deleted = await s.next('message.deleted', (e) => e.payload.id === sent.json.message.id);
      expect(deleted.payload).toEqual({ id: sent.json.message.id, senderId: aId, receiverId: bId });
    }
  });
});

describe('typing and presence', () => {
  it('forwards typing to the other member only, and not across a block', async () => {
    const [a1, b1, c1] = [await connect(a), await connect(b), await connect(c)];
    b1.send({ type: 'typing', payload: { to: aId, typing: true } });
    expect((await a1.next('typing', (e) => e.payload.userId === bId)).payload).toEqual({ userId: bId, typing: true });
    // neither Bob (the sender) nor Cyd hears it: Ana typing to each of them arrives, and nothing before it
    a1.send({ type: 'typing', payload: { to: bId, typing: true } });
    a1.send({ type: 'typing', payload: { to: cId, typing: true } });
    await b1.next('typing', (e) => e.payload.userId === aId);
    await c1.next('typing', (e) => e.payload.userId === aId);
    expect(b1.events.filter((e) => e.type === 'typing').map((e) => e.payload.userId)).toEqual([aId]);
    expect(c1.events.filter((e) => e.type === 'typing').map((e) => e.payload.userId)).toEqual([aId]);

    // across a block nothing goes: Cyd types to Ana (blocked), then to Bob; once Bob has it, Bob types
    // to Ana, and when that reaches Ana anything of Cyd's would have reached her before it
    await server.t.database.db.insert(userBlocks).values({ blockerId: aId, blockedId: cId });
    c1.send({ type: 'typing', payload: { to: aId, typing: true } });
    c1.send({ type: 'typing', payload: { to: bId, typing: true } });
    await b1.next('typing', (e) => e.payload.userId === cId);
    b1.send({ type: 'typing', payload: { to: aId, typing: false } });
    await a1.next('typing', (e) => e.payload.userId === bId && !e.payload.typing);
    expect(a1.events.some((e) => e.type === 'typing' && e.payload.userId === cId)).toBe(false);
    await server.t.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, aId));
  });

  it("sends a watched member's online/offline, never for a member who hides their last-active time", async () => {
    const d = await member('dee@example.com', 'dee_rt');
    const watcher = await connect(a);
    watcher.send({ type: 'presence.watch', payload: { userIds: [d.id, cId] } });
    await watcher.next('presence', (e) => e.payload.userId === cId);
    await watcher.next('presence', (e) => e.payload.userId === d.id);

    // events after a point in the recording
    const after = (mark: number) => (e: { payload: { userId: string } }) => watcher.events.indexOf(e as never) >= mark;
    let mark = watcher.events.length;
    const d1 = await connect(d.m);
    const on = await watcher.next('presence', (e) => e.payload.userId === d.id && after(mark)(e));
    expect(on.payload).toMatchObject({ userId: d.id, online: true });
    mark = watcher.events.length;
    await d1.close();
    const off = await watcher.next('presence', (e) => e.payload.userId === d.id && after(mark)(e));
    expect(off.payload).toMatchObject({ userId: d.id, online: false, lastActiveAt: expect.any(String) });

    // D hides their last-active time: no presence at all, not even on watch
    await server.t.database.db.update(profiles).set({ hideLastActive: true }).where(eq(profiles.userId, d.id));
    const e = await member('eve@example.com', 'eve_rt');
    const watcher2 = await connect(b);
    watcher2.send({ type: 'presence.watch', payload: { userIds: [d.id, aId, e.id] } });
    await watcher2.next('presence', (ev) => ev.payload.userId === aId);
    const d2 = await connect(d.m);
    await d2.close();
    // Eve coming online after Dee came and went: when her presence arrives, any of Dee's would have too
    const e1 = await connect(e.m);
    await watcher2.next('presence', (ev) => ev.payload.userId === e.id && ev.payload.online);
    expect(watcher2.events.some((ev) => ev.type === 'presence' && ev.payload.userId === d.id)).toBe(false);
    await e1.close();
  });
});

describe('the heartbeat, spread over its interval', () => {
  it('visits every socket once per round, one slot a tick, the slots kept even', () => {
    const slots = createSlots<number>(3);
    for (let i = 0; i < 7; i++) slots.add(i);
    expect(slots.sizes()).toEqual([3, 2, 2]);
    slots.remove(0);
    slots.remove(3);
    slots.add(7); // joins an emptiest slot
    expect(slots.sizes().sort()).toEqual([2, 2, 2]);
    const round = [slots.next(), slots.next(), slots.next()];
    expect(round.flat().sort()).toEqual([1, 2, 4, 5, 6, 7]);
    expect(slots.next()).toEqual(round[0]); // and again, in the same order
    expect(createSlots(0).count()).toBe(1);

    const set = new Set([1, 2, 3]);
    expect(takeFirst(set, 2)).toEqual([1, 2]);
    expect([...set]).toEqual([3]);
  });

  it('marks a member active again only once the interval has (nearly) passed, oldest first, in bounded batches', () => {
    const schedule = createTouchSchedule(60_000);
    schedule.mark('a', 0);
    schedule.mark('b', 10_000);
    schedule.mark('c', 20_000);
    expect(schedule.takeDue(10, 1000, 58_000)).toEqual([]);
    expect(schedule.takeDue(10, 1000, 59_000)).toEqual(['a']);
    expect(schedule.takeDue(10, 1000, 59_500)).toEqual([]); // 'a' counts as marked at 59 s
    expect(schedule.takeDue(1, 1000, 90_000)).toEqual(['b']);
    expect(schedule.takeDue(10, 1000, 90_000)).toEqual(['c']);
    schedule.forget('a');
    expect(schedule.takeDue(10, 1000, 200_000)).toEqual(['b', 'c']);
    expect(schedule.size()).toBe(2);
  });

  describe('on a gateway with a short heartbeat', () => {
    const heartbeatMs = 400;
    const heartbeatTimeoutMs = 200;
    const touchEveryMs = 1000;
    const options: Partial<GatewayOptions> = { heartbeatMs, heartbeatTimeoutMs, sliceMs: 50, touchEveryMs };
    let gateway: ReturnType<typeof createGateway>;
    let httpServer: Server;
    let wsUrl: string;

    beforeAll(async () => {
      gateway = createGateway({
        database: server.t.database,
        log: createLogger('silent'),
        trustedOrigins: [],
        loadMessage: async () => undefined,
        ...options,
      });
      const app = new Hono<AppEnv>();
      app.use('*', loadSession(server.t.sessions));
      app.route(REALTIME_PATH, realtimeRoutes(gateway));
      httpServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', websocket: gateway.websocket }) as Server;
      await once(httpServer, 'listening');
      wsUrl = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}${REALTIME_PATH}`;
    });
    afterAll(async () => {
      await gateway.close(200);
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    });

    async function connectHere(who: Client) {
      const s = openSocket(wsUrl, { cookie: cookieOf(who) });
      sockets.push(s);
      await s.next('ready');
      return s;
    }
    const lastActiveOf = async (userId: string) =>
      (await server.t.database.db.select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.userId, userId)))[0]!.at.getTime();
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('closes a socket whose session ended within about one interval, by itself', async () => {
      const f = await member('fay@example.com', 'fay_rt');
      const s = await connectHere(f.m);
      const other = await connectHere(a); // another session, still live
      await sleep(heartbeatMs); // a round or so with the session live: nothing closed
      expect(s.ws.readyState).toBe(WebSocket.OPEN);
      const signedOutAt = Date.now();
      await http(f.m, 'POST', '/api/auth/sign-out', {});
      expect(await s.closed).toEqual({ code: CLOSE_CODES.unauthenticated, reason: 'Session ended' });
      expect(Date.now() - signedOutAt).toBeLessThan(heartbeatMs * 4); // one interval, with room for a busy machine
      expect(other.ws.readyState).toBe(WebSocket.OPEN);
    });

    it('terminates a peer that stops answering pings, and keeps one that answers', async () => {
      const answering = await connectHere(b);
      const silent = new WebSocket(wsUrl, { headers: { cookie: cookieOf(b) }, autoPong: false });
      silent.on('error', () => undefined);
      const closed = new Promise<number>((resolve) => silent.on('close', (code) => resolve(code)));
      const openedAt = Date.now();
      expect(await closed).toBe(1006); // terminated: no closing handshake
      expect(Date.now() - openedAt).toBeLessThan((heartbeatMs + heartbeatTimeoutMs) * 4);
      await sleep(heartbeatMs + heartbeatTimeoutMs);
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    });

    it("keeps a connected member's last_active_at fresh without rewriting it on every beat", async () => {
      const g = await member('gus@example.com', 'gus_rt');
      const old = Date.now() - 3_600_000;
      await server.t.database.db
        .update(profiles)
        .set({ lastActiveAt: new Date(old) })
        .where(eq(profiles.userId, g.id));
      const s = await connectHere(g.m);
      await new Promise((r) => setTimeout(r, 50));
      const seen = new Set<number>();
      let stalest = 0;
      const watchedMs = 3 * touchEveryMs;
      const start = Date.now();
      while (Date.now() - start < watchedMs) {
        const at = await lastActiveOf(g.id);
        seen.add(at);
        stalest = Math.max(stalest, Date.now() - at);
        await sleep(25);
      }
      expect(seen.has(old)).toBe(false); // written when the socket opened
      // rewritten about once per touchEveryMs (3 + the first), not once per beat (7 or 8 beats)
      expect(seen.size).toBeGreaterThanOrEqual(3);
      expect(seen.size).toBeLessThanOrEqual(5);
      expect(stalest).toBeLessThan(touchEveryMs + 2 * heartbeatMs);

      // once the socket is gone, no more writes (one on closing)
      await s.close();
      await sleep(100);
      const after = await lastActiveOf(g.id);
      await sleep(touchEveryMs + heartbeatMs);
      expect(await lastActiveOf(g.id)).toBe(after);
    });
  });
});

describe('sessions and shutdown', () => {
  it('closes the sockets of a session that ended (sign-out) at the next heartbeat', async () => {
    const e = await member('eli@example.com', 'eli_rt');
    const s = await connect(e.m);
    await http(e.m, 'POST', '/api/auth/sign-out', {});
    await server.realtime.heartbeat();
    expect(await s.closed).toEqual({ code: CLOSE_CODES.unauthenticated, reason: 'Session ended' });
  });

  it('closes every socket with 1001 when the server shuts down', async () => {
    const s = await connect(a);
    await server.realtime.close(500);
    expect(await s.closed).toEqual({ code: CLOSE_CODES.goingAway, reason: 'Server restarting' });
    const late = openSocket(server.wsUrl, { cookie: cookieOf(a) });
    expect((await late.closed).code).toBe(CLOSE_CODES.goingAway);
  });
});
