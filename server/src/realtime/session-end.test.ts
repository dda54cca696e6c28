import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '@velvet/core/realtime/protocol';
import { signedInMember, type Client } from '../../test/http';
import { cookieOf, httpRequest, openSocket, startTestServer, type TestSocket } from '../../test/realtime-server';

/**
 * A socket whose session ended (a moderator suspended the member, or they signed out) relays nothing
 * more to anyone, even in the moment before the gateway closes it. Real sockets on a real port; the
 * suspension goes through the admin route.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let boss: Client; // an admin (ADMIN_EMAILS)
const sockets: TestSocket[] = [];

async function connect(who: Client) {
  const s = openSocket(server.wsUrl, { cookie: cookieOf(who) });
  sockets.push(s);
  await s.next('ready');
  return s;
}

async function member(email: string, username: string) {
  const m = await signedInMember(server.t, email);
  const id = (await m.get('/api/v1/me')).json.user.id as string;
  await m.post('/api/v1/profiles', { username, displayName: username });
  return { m, id };
}

const typing = (to: string, on = true) => ({ type: 'typing', payload: { to, typing: on } });

/** Typing events from `userId` that `s` received after the first `mark` events. */
const typingFrom = (s: TestSocket, userId: string, mark: number) =>
  s.events.slice(mark).filter((e) => e.type === 'typing' && e.payload.userId === userId);

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss.se@example.com' });
  boss = await signedInMember(server.t, 'boss.se@example.com');
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()));
  await server.t.close();
});

describe('a socket whose session ended', () => {
  it('relays no typing frame once the member is suspended: the other member never gets one, the socket closes', async () => {
    const [ann, ben, cat] = await Promise.all([
      member('ann.se@example.com', 'ann_se'),
      member('ben.se@example.com', 'ben_se'),
      member('cat.se@example.com', 'cat_se'),
    ]);
    const [ann1, ben1, cat1] = [await connect(ann.m), await connect(ben.m), await connect(cat.m)];
    // the way is open: Cat typing reaches Ben
    cat1.send(typing(ben.id));
    await ben1.next('typing', (e) => e.payload.userId === cat.id);
    const mark = ben1.events.length;

    const res = await httpRequest(server.base, boss, 'POST', `/api/v1/admin/members/${cat.id}/suspend`, { reason: 'Scamming members' });
    expect(res.status).toBe(200);
    // Cat's page still holds its socket open and goes on typing to Ben (within the socket's budget)
    for (const on of [true, false, true, false]) cat1.send(typing(ben.id, on));
    expect(await cat1.closed).toEqual({ code: CLOSE_CODES.unauthenticated, reason: 'Session ended' });

    // Ann types to Ben afterwards: when hers arrives, a frame of Cat's sent before it would have too
    ann1.send(typing(ben.id));
    await ben1.next('typing', (e) => e.payload.userId === ann.id && ben1.events.indexOf(e) >= mark);
    expect(typingFrom(ben1, cat.id, mark)).toEqual([]);
  });

  it('relays no typing frame once the session signed out elsewhere', async () => {
    const [dee, eve, fay] = await Promise.all([
      member('dee.se@example.com', 'dee_se'),
      member('eve.se@example.com', 'eve_se'),
      member('fay.se@example.com', 'fay_se'),
    ]);
    const [dee1, eve1, fay1] = [await connect(dee.m), await connect(eve.m), await connect(fay.m)];
    fay1.send(typing(eve.id));
    await eve1.next('typing', (e) => e.payload.userId === fay.id);
    const mark = eve1.events.length;

    // the same session signs out from another tab (its HTTP request), this socket still open
    expect((await httpRequest(server.base, fay.m, 'POST', '/api/auth/sign-out', {})).status).toBe(200);
    for (const on of [true, false, true, false]) fay1.send(typing(eve.id, on));
    expect(await fay1.closed).toEqual({ code: CLOSE_CODES.unauthenticated, reason: 'Session ended' });

    dee1.send(typing(eve.id));
    await eve1.next('typing', (e) => e.payload.userId === dee.id && eve1.events.indexOf(e) >= mark);
    expect(typingFrom(eve1, fay.id, mark)).toEqual([]);
  });
});
