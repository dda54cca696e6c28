import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/test-app';
import { client, signedInMember, type Client } from '../../test/http';
import { createLogger } from '../logger';
import { createSessionCache } from './session-cache';

/**
 * The session cache (session-cache.ts) keeps looked-up sessions in each process. These tests play a
 * member on two server instances on one database (two processes on PostgreSQL), and check that a
 * session ended or changed anywhere — by the member, by another instance, or by SQL — stops working
 * everywhere, not after the cache's lifetime.
 */
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  other = await createSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** The same member's cookies used against the other instance. */
function onOther(c: Client): Client {
  const twin = client(other);
  for (const [k, v] of c.jar) twin.jar.set(k, v);
  return twin;
}

/** NOTIFY arrives a moment after the commit: wait for the status, at most `ms`. */
async function statusSoon(c: Client, url: string, status: number, ms = 3000) {
  const deadline = Date.now() + ms;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await c.get(url)).status;
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  return last;
}

describe('session cache', () => {
  it('answers repeated requests from memory, and a request without a cookie as signed out', async () => {
    const c = await signedInMember(t, 'cache.memory@example.com');
    expect((await c.get('/api/v1/me')).status).toBe(200);
    const held = t.sessions.size();
    expect(held).toBeGreaterThan(0);
    expect((await c.get('/api/v1/me')).status).toBe(200);
    expect(t.sessions.size()).toBe(held);
    expect((await client(t).get('/api/v1/me')).status).toBe(401);
  });

  it('signing out ends the session at once on this instance and, by NOTIFY, on the other', async () => {
    const c = await signedInMember(t, 'cache.signout@example.com');
    const twin = onOther(c);
    // both instances now hold the session
    expect((await c.get('/api/v1/me')).status).toBe(200);
    expect((await twin.get('/api/v1/me')).status).toBe(200);
    const cookies = new Map(c.jar);

    expect((await c.post('/api/auth/sign-out')).status).toBe(200);
    // the old cookie, replayed (as a stolen one would be)
    const replay = client(t);
    for (const [k, v] of cookies) replay.jar.set(k, v);
    expect((await replay.get('/api/v1/me')).status).toBe(401);
    expect(await statusSoon(twin, '/api/v1/me', 401)).toBe(401);
  });

  it('“sign out everywhere else” on one instance ends the other devices on the other instance', async () => {
    const email = 'cache.everywhere@example.com';
    const phone = await signedInMember(t, email);
    const laptop = client(other);
    expect((await laptop.post('/api/auth/sign-in/email', { email, password: 'correct-horse-1' })).status).toBe(200);
    expect((await laptop.get('/api/v1/me')).status).toBe(200);

    expect((await phone.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect(await statusSoon(laptop, '/api/v1/me', 401)).toBe(401);
    expect((await phone.get('/api/v1/me')).status).toBe(200);
  });

  it('a session deleted or expired in the database (not through the app) stops working', async () => {
    const deleted = await signedInMember(t, 'cache.deleted@example.com');
    const expired = await signedInMember(t, 'cache.expired@example.com');
    const ids: Record<string, string> = {};
    for (const [name, c] of Object.entries({ deleted, expired })) {
      const res = await c.get('/api/v1/me');
      expect(res.status).toBe(200);
      ids[name] = res.json.user.id as string;
    }
    await t.database.db.execute(sql`delete from session where user_id = ${ids.deleted}`);
    await t.database.db.execute(sql`update session set expires_at = now() - interval '1 second' where user_id = ${ids.expired}`);
    expect(await statusSoon(deleted, '/api/v1/me', 401)).toBe(401);
    expect(await statusSoon(expired, '/api/v1/me', 401)).toBe(401);
  });

  it('a change to the member (a ban by a moderator) reaches every instance', async () => {
    const c = await signedInMember(t, 'cache.banned@example.com');
    const twin = onOther(c);
    const id = (await c.get('/api/v1/me')).json.user.id as string;
    expect((await twin.get('/api/v1/me')).status).toBe(200);
    // a ban through SQL changes the user row and ends the sessions, as the admin plugin does
    await t.database.db.execute(sql`update "user" set banned = true where id = ${id}`);
    await t.database.db.execute(sql`delete from session where user_id = ${id}`);
    expect(await statusSoon(twin, '/api/v1/me', 401)).toBe(401);
    expect(await statusSoon(c, '/api/v1/me', 401)).toBe(401);
  });

  it('never answers for another member: each cookie is its own session', async () => {
    const a = await signedInMember(t, 'cache.owner.a@example.com');
    const b = await signedInMember(t, 'cache.owner.b@example.com');
    const idA = (await a.get('/api/v1/me')).json.user.id;
    const idB = (await b.get('/api/v1/me')).json.user.id;
    expect(idA).not.toBe(idB);
    expect((await a.get('/api/v1/me')).json.user.id).toBe(idA);
    expect((await b.get('/api/v1/me')).json.user.id).toBe(idB);
    // a forged cookie (right name, made-up value) is nobody
    const forged = client(t);
    for (const [k] of a.jar) forged.jar.set(k, 'not-a-session.not-a-signature');
    expect((await forged.get('/api/v1/me')).status).toBe(401);
  });
});

/**
 * The cache's rules on their own, with a stand-in for better-auth whose lookups we finish by hand
 * and a stand-in for LISTEN whose notifications we send by hand.
 */
describe('session cache rules', () => {
  function harness() {
    let notify: (payload: string) => void = () => undefined;
    let reconnect: () => void = () => undefined;
    const waiting: { cookie: string; resolve: (v: unknown) => void }[] = [];
    let lookups = 0;
    const auth = {
      $context: Promise.resolve({ authCookies: { sessionToken: { name: 'sid' } } }),
      api: {
        getSession: ({ headers }: { headers: Headers }) => {
          lookups++;
          return new Promise((resolve) => waiting.push({ cookie: headers.get('cookie')!, resolve }));
        },
      },
    };
    const database = {
      listen: async (_channel: string, handler: (p: string) => void, onReconnect: () => void) => {
        notify = handler;
        reconnect = onReconnect;
        return async () => undefined;
      },
    };
    const cache = createSessionCache({ auth: auth as never, database: database as never, log: createLogger('silent') });
    const as = (cookie: string) => new Headers({ cookie: `other=1; sid=${cookie}` });
    const found = (userId: string) => ({
      user: { id: userId },
      session: { userId, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    /** Waits until a lookup has reached better-auth. */
    const underway = async () => {
      while (waiting.length === 0) await new Promise((r) => setTimeout(r, 1));
    };
    /** Finishes the oldest lookup under way with this member's session. */
    const answer = async (userId: string | null) => {
      await underway();
      waiting.shift()!.resolve(userId ? found(userId) : null);
    };
    /** A request with this cookie whose lookup better-auth answers with this member's session. */
    const lookUp = async (cookie: string, userId: string) => {
      const pending = cache.get(as(cookie));
      await answer(userId);
      return pending;
    };
    /** Each cookie's request looked up, one after another, for its member. */
    const lookUpAll = async (sessions: readonly (readonly [cookie: string, userId: string])[]) => {
      for (const [cookie, userId] of sessions) await lookUp(cookie, userId);
    };
    return {
      cache,
      as,
      underway,
      answer,
      lookUp,
      lookUpAll,
      notify: (p: string) => notify(p),
      reconnect: () => reconnect(),
      lookups: () => lookups,
    };
  }

  it('keeps a member’s session while other members’ sessions change around the lookup', async () => {
    const h = harness();
    const pending = h.cache.get(h.as('a-cookie'));
    await h.underway();
    h.notify('someone-else,and-another');
    await h.answer('alice');
    expect((await pending)?.user.id).toBe('alice');
    expect(await h.cache.get(h.as('a-cookie'))).not.toBeNull();
    expect(h.lookups()).toBe(1);
  });

  it('does not keep a lookup that a change to the same member overtook, nor one of a cookie its owner signed out with', async () => {
    const h = harness();
    const first = h.cache.get(h.as('a-cookie'));
    await h.underway();
    h.notify('alice');
    await h.answer('alice');
    await first;
    expect(h.cache.size()).toBe(0);
    const second = h.cache.get(h.as('a-cookie'));
    await h.underway();
    await h.cache.forgetRequester(h.as('a-cookie'));
    await h.answer('alice');
    await second;
    expect(h.cache.size()).toBe(0);
    await h.lookUp('a-cookie', 'alice');
    expect(h.cache.size()).toBe(1);
    expect(h.lookups()).toBe(3);
  });

  it('forgets every session of a member another changed (a moderator), at once and with no notification, and keeps no lookup it overtook', async () => {
    const h = harness();
    await h.lookUpAll([
      ['a-phone', 'alice'],
      ['a-laptop', 'alice'],
      ['b-phone', 'bob'],
    ]);
    expect(h.cache.size()).toBe(3);
    const inFlight = h.cache.get(h.as('a-tablet'));
    await h.underway();
    h.cache.forgetMember('alice');
    expect(h.cache.size()).toBe(1);
    await h.answer('alice');
    await inFlight;
    expect(h.cache.size()).toBe(1);
    // her next request is looked up again; bob's is still answered from memory
    await h.lookUp('a-phone', 'alice');
    await h.cache.get(h.as('b-phone'));
    expect(h.lookups()).toBe(5);
  });

  it('forgets a member on their notification, everyone on "*" and on a reconnect', async () => {
    const h = harness();
    await h.lookUpAll([
      ['a', 'alice'],
      ['b', 'bob'],
      ['c', 'carol'],
    ]);
    expect(h.cache.size()).toBe(3);
    h.notify('bob');
    expect(h.cache.size()).toBe(2);
    h.notify('*');
    expect(h.cache.size()).toBe(0);
    const again = h.cache.get(h.as('a'));
    await h.answer('alice');
    await again;
    h.reconnect();
    expect(h.cache.size()).toBe(0);
  });

  it('asks better-auth nothing for a request without the session cookie, and keeps no signed-out answer', async () => {
    const h = harness();
    expect(await h.cache.get(new Headers({ cookie: 'other=1' }))).toBeNull();
    expect(await h.cache.get(new Headers())).toBeNull();
    expect(h.lookups()).toBe(0);
    const forged = h.cache.get(h.as('forged'));
    await h.answer(null);
    expect(await forged).toBeNull();
    expect(h.cache.size()).toBe(0);
  });
});
