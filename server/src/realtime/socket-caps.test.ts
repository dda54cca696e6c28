import { CLOSE_CODES } from '@velvet/core/realtime/protocol';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { serve, upgradeWebSocket } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { REALTIME_PATH } from '@velvet/core/realtime/protocol';
import { client, signedInMember, type Client } from '../../test/http';
import { cookieOf, openSocket, startTestServer, type TestSocket } from '../../test/realtime-server';
import { RATE_LIMITS } from '../config/rate-limits';
import { loadSession, type AppEnv } from '../middleware/session';

/**
 * How many sockets one browser (a session) and one member (all their sessions) may hold open at
 * once (config/rate-limits.ts): past either cap a new socket is refused and the open ones go on.
 * Real sockets on a real port.
 */
const PER_SESSION = RATE_LIMITS['realtime:sockets-session'].max;
const PER_MEMBER = RATE_LIMITS['realtime:sockets-member'].max;

let server: Awaited<ReturnType<typeof startTestServer>>;
const sockets: TestSocket[] = [];

type Outcome = { kind: 'ready'; s: TestSocket } | { kind: 'refused'; status: number } | { kind: 'closed'; code: number; reason: string };

/** Opens a socket with this member's cookie and resolves with how it went. */
function attempt(who: Client): Promise<Outcome> {
  const s = openSocket(server.wsUrl, { cookie: cookieOf(who) });
  sockets.push(s);
  return new Promise((resolve) => {
    // the upgrade answered with an HTTP status instead of 101 (node-server sends its status and headers only)
    s.ws.on('unexpected-response', (_req, res) => {
      resolve({ kind: 'refused', status: res.statusCode ?? 0 });
      res.resume();
      s.ws.close(); // ends the handshake
    });
    s.next('ready').then(
      () => resolve({ kind: 'ready', s }),
      () => undefined,
    );
    void s.closed.then(({ code, reason }) => resolve({ kind: 'closed', code, reason }));
  });
}

async function ready(who: Client) {
  const outcome = await attempt(who);
  if (outcome.kind !== 'ready') throw new Error(`socket not opened: ${JSON.stringify(outcome)}`);
  return outcome.s;
}

/** Every one of these sockets still answers: a ping each, and the typing of another member reaches all. */
async function stillWorking(open: TestSocket[], memberId: string, other: TestSocket) {
  for (const s of open) s.send({ type: 'ping' });
  await Promise.all(open.map((s) => s.next('pong')));
  other.send({ type: 'typing', payload: { to: memberId, typing: true } });
  await Promise.all(open.map((s) => s.next('typing', (e) => e.payload.userId !== memberId)));
}

async function member(email: string) {
  const m = await signedInMember(server.t, email);
  const id = (await m.get('/api/v1/me')).json.user.id as string;
  return { m, id };
}

/** Another session of the same member (another device). */
async function signInAgain(email: string) {
  const c = client(server.t);
  expect((await c.post('/api/auth/sign-in/email', { email, password: 'correct-horse-1' })).status).toBe(200);
  return c;
}

let other: TestSocket;

beforeAll(async () => {
  server = await startTestServer();
  other = await ready((await member('typist.cap@example.com')).m);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server.t.close();
});

describe('open sockets per browser and per member', () => {
  it('refuses the socket past the per-session cap with 429 before the upgrade; the open ones keep working', async () => {
    expect(PER_SESSION).toBe(8);
    const { m, id } = await member('ann.cap@example.com');
    const open: TestSocket[] = [];
    for (let i = 0; i < PER_SESSION; i++) open.push(await ready(m));

    const past = await attempt(m);
    expect(past).toEqual({ kind: 'refused', status: 429 });
    await stillWorking(open, id, other);

    // a tab closes: its place is free again
    await open.shift()!.close();
    open.push(await ready(m));
    expect((await attempt(m)).kind).toBe('refused');
    await stillWorking(open, id, other);
  });

  it('admits no more than the cap of one session opening at once; the rest are refused, at the upgrade or on opening', async () => {
    const { m, id } = await member('ben.cap@example.com');
    const outcomes = await Promise.all(Array.from({ length: PER_SESSION + 4 }, () => attempt(m)));
    const opened = outcomes.flatMap((o) => (o.kind === 'ready' ? [o.s] : []));
    expect(opened).toHaveLength(PER_SESSION);
    for (const o of outcomes.filter((x) => x.kind !== 'ready'))
      expect(o).toSatisfy(
        (x: Outcome) =>
          (x.kind === 'refused' && x.status === 429) ||
          (x.kind === 'closed' &&
            x.code === CLOSE_CODES.tooManySockets &&
            x.reason.startsWith('Too many open connections in this browser')),
      );
    await stillWorking(opened, id, other);
  });

  it('closes a socket past the cap that got as far as opening with 4429 and the reason', async () => {
    // upgrades that pass the route's check together all open; the gateway then closes those past the
    // cap as they open. A route that upgrades straight to the server's gateway, skipping the check,
    // stands for such an upgrade (the gateway and its registry are the server's own)
    const app = new Hono<AppEnv>();
    app.use('*', loadSession(server.t.sessions));
    app.get(REALTIME_PATH, (c) => upgradeWebSocket(c, server.realtime.eventsFor(c.get('user'), c.get('session'), undefined)));
    const raced = serve({
      fetch: app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      websocket: { server: new WebSocketServer({ noServer: true }) },
    }) as Server;
    await once(raced, 'listening');
    let past: TestSocket | undefined;
    try {
      const { m, id } = await member('dee.cap@example.com');
      const open: TestSocket[] = [];
      for (let i = 0; i < PER_SESSION; i++) open.push(await ready(m));
      const url = `ws://127.0.0.1:${(raced.address() as AddressInfo).port}${REALTIME_PATH}`;
      past = openSocket(url, { cookie: cookieOf(m) });
      // closed, or (without the cap) ready: whichever comes first
      expect(await Promise.race([past.closed, past.next('ready')])).toEqual({
        code: CLOSE_CODES.tooManySockets,
        reason: 'Too many open connections in this browser. Close a tab and try again.',
      });
      expect(past.events).toEqual([]); // not even 'ready'
      await stillWorking(open, id, other);
    } finally {
      await past?.close(); // the server's close waits for its sockets
      await new Promise<void>((resolve) => {
        raced.close(() => resolve());
        raced.closeAllConnections();
      });
    }
  });

  it("refuses a member's socket past the per-member cap across sessions, whichever session asks", async () => {
    expect(PER_MEMBER).toBe(20);
    const email = 'cyd.cap@example.com';
    const { m, id } = await member(email);
    const devices = [m, await signInAgain(email), await signInAgain(email)];
    const open: TestSocket[] = [];
    for (let i = 0; i < PER_MEMBER; i++) open.push(await ready(devices[Math.floor(i / PER_SESSION)]!));
    // the third session holds 4 of its 8: the member's cap refuses it, and a fourth session too
    const refusedToo = { kind: 'refused', status: 429 };
    expect(await attempt(devices[2]!)).toEqual(refusedToo);
    expect(await attempt(await signInAgain(email))).toEqual(refusedToo);
    await stillWorking(open, id, other);
  });
});
