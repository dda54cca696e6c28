import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, mailFromOutbox, signedInMember, type Client } from '../../test/http';
import { session } from '../db/schema/index';

const PASSWORD = 'correct-horse-1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn(email: string, password: string) {
  const c = client(t);
  const res = await c.post('/api/auth/sign-in/email', { email, password });
  return { c, res };
}

const me = (c: Client) => c.get('/api/v1/me');

interface ListedSession {
  id: string;
  userId: string;
  userAgent?: string | null;
  createdAt: string;
  updatedAt: string;
}

describe('change password', () => {
  const email = 'password.change@example.test';

  it('refuses a wrong current password and changes nothing', async () => {
    const c = await signedInMember(t, email, PASSWORD);
    const res = await c.post('/api/auth/change-password', { currentPassword: 'not-my-password', newPassword: 'a-new-password-2' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json.code).toBe('INVALID_PASSWORD');
    expect((await me(c)).status).toBe(200);
    expect((await signIn(email, PASSWORD)).res.status).toBe(200);
    expect((await signIn(email, 'a-new-password-2')).res.status).toBe(401);
  });

  it('refuses a new password that breaks the rules', async () => {
    const { c } = await signIn(email, PASSWORD);
    const res = await c.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(res.status).toBe(400);
    expect((await signIn(email, PASSWORD)).res.status).toBe(200);
  });

  it('changes it: the new password signs in, the old one no longer does', async () => {
    const { c } = await signIn(email, PASSWORD);
    const other = (await signIn(email, PASSWORD)).c;
    const res = await c.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a-new-password-2' });
    expect(res.status).toBe(200);
    expect((await me(c)).status).toBe(200);
    // without revokeOtherSessions the other device stays signed in
    expect((await me(other)).status).toBe(200);
    expect((await signIn(email, 'a-new-password-2')).res.status).toBe(200);
    expect((await signIn(email, PASSWORD)).res.status).toBe(401);
  });

  it('signs out the other devices when asked, keeping this one', async () => {
    const { c } = await signIn(email, 'a-new-password-2');
    const other = (await signIn(email, 'a-new-password-2')).c;
    const res = await c.post('/api/auth/change-password', {
      currentPassword: 'a-new-password-2',
      newPassword: 'a-third-password-3',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect((await me(c)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });
});

describe('sessions', () => {
  const email = 'sessions.member@example.test';
  const strangerEmail = 'sessions.stranger@example.test';

  it('lists only the member’s own sessions', async () => {
    const phone = await signedInMember(t, email, PASSWORD);
    const laptop = (await signIn(email, PASSWORD)).c;
    const stranger = await signedInMember(t, strangerEmail, PASSWORD);
    const strangerList = await stranger.get('/api/auth/list-sessions');
    expect(strangerList.status).toBe(200);
    const strangerIds = (strangerList.json as ListedSession[]).map((s) => s.id);
    expect(strangerIds.length).toBeGreaterThan(0);

    const list = await phone.get('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    const sessions = list.json as ListedSession[];
    expect(sessions.length).toBe(2);
    const ownId = (await me(phone)).json.user.id;
    expect(new Set(sessions.map((s) => s.userId))).toEqual(new Set([ownId]));
    for (const id of strangerIds) expect(list.text).not.toContain(id);

    expect((await me(laptop)).status).toBe(200);
  });

  it('never puts a session token in a response body: sign-in, get-session, list-sessions, change-password', async () => {
    const { c, res } = await signIn(email, PASSWORD);
    const tokens = (await t.database.db.select({ token: session.token }).from(session)).map((r) => r.token);
    expect(tokens.length).toBeGreaterThan(0);
    const noToken = (body: { text: string }) => {
      for (const token of tokens) expect(body.text).not.toContain(token);
      expect(body.text).not.toMatch(/"token"/);
    };
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(email);
    noToken(res);

    const current = await c.get('/api/auth/get-session');
    expect(current.json.session.id).toEqual(expect.any(String));
    noToken(current);
    const list = await c.get('/api/auth/list-sessions');
    expect((list.json as ListedSession[]).length).toBeGreaterThan(1);
    noToken(list);

    const changed = await c.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a-fresh-horse-9',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    noToken(changed);
    // the cookie still carries the session: the member stays signed in
    expect((await me(c)).status).toBe(200);
    const back = await c.post('/api/auth/change-password', { currentPassword: 'a-fresh-horse-9', newPassword: PASSWORD });
    expect(back.status).toBe(200);
  });

  it('cannot revoke another member’s session', async () => {
    const stranger = (await signIn(strangerEmail, PASSWORD)).c;
    const target = (await signIn(email, PASSWORD)).c;
    const ids = ((await target.get('/api/auth/list-sessions')).json as ListedSession[]).map((s) => s.id);
    for (const sessionId of ids) expect((await stranger.post('/api/auth/revoke-session', { sessionId })).status).toBeLessThan(500);
    expect((await me(target)).status).toBe(200);
    expect((await me(stranger)).status).toBe(200);
  });

  it('revokes one session by its id', async () => {
    const { c } = await signIn(email, PASSWORD);
    const other = (await signIn(email, PASSWORD)).c;
    const current = await c.get('/api/auth/get-session');
    const otherCurrent = await other.get('/api/auth/get-session');
    expect(current.json.session.id).not.toBe(otherCurrent.json.session.id);
    const res = await c.post('/api/auth/revoke-session', { sessionId: otherCurrent.json.session.id });
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(c)).status).toBe(200);
  });

  it('refuses a session id that is not text', async () => {
    const { c } = await signIn(email, PASSWORD);
    for (const sessionId of [5, null, ['x'], { $ne: '' }]) {
      const res = await c.post('/api/auth/revoke-session', { sessionId });
      expect(res.status, JSON.stringify(sessionId)).toBe(400);
    }
    expect((await me(c)).status).toBe(200);
  });

  it('“sign out everywhere else” ends every other session and keeps this one', async () => {
    const { c } = await signIn(email, PASSWORD);
    const other = (await signIn(email, PASSWORD)).c;
    const stranger = (await signIn(strangerEmail, PASSWORD)).c;
    expect((await me(other)).status).toBe(200);

    const res = await c.post('/api/auth/revoke-other-sessions');
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(c)).status).toBe(200);
    expect((await me(stranger)).status).toBe(200);
    const left = (await c.get('/api/auth/list-sessions')).json as ListedSession[];
    expect(left).toHaveLength(1);
  });
});

describe('change email', () => {
  it('mails a confirmation link; following it changes the email', async () => {
    const oldEmail = 'email.before@example.test';
    const newEmail = 'email.after@example.test';
    const c = await signedInMember(t, oldEmail, PASSWORD);
    const sentBefore = (await t.mailer.outbox()).length;

    const res = await c.post('/api/auth/change-email', { newEmail, callbackURL: '/my-account?emailChanged=1' });
    expect(res.status).toBe(200);
    expect((await me(c)).json.user.email).toBe(oldEmail);

    // the change's own mail (not the sign-up confirmation), handed over after the response
    await mailFromOutbox(t, (m) => m.subject.startsWith('Confirm your new email'), 'confirming the change');
    // Follow the mailed link(s): better-auth may first ask the old address to approve, then mails the new one.
    const followed = new Set<string>();
    for (let hop = 0; hop < 3; hop++) {
      const mails = (await t.mailer.outbox()).slice(0, (await t.mailer.outbox()).length - sentBefore);
      const next = mails.map((m) => ({ m, link: /https?:\/\/\S+/.exec(m.text)?.[0] })).find(({ link }) => link && !followed.has(link));
      if (!next?.link) break;
      expect([oldEmail, newEmail]).toContain(next.m.to);
      followed.add(next.link);
      const url = new URL(next.link);
      const visit = await c.get(url.pathname + url.search);
      expect(visit.status).toBe(302);
      expect(visit.headers.get('location')).toBe('/my-account?emailChanged=1');
      if ((await me(c)).json.user.email === newEmail) break;
    }
    expect(followed.size).toBeGreaterThan(0);
    const after = await me(c);
    expect(after.json.user.email).toBe(newEmail);
    expect(after.json.user.emailVerified).toBe(true);
    // the last link went to the new address, so the member proved they own it
    const mails = await t.mailer.outbox();
    expect(mails.some((m) => m.to === newEmail)).toBe(true);

    await c.post('/api/auth/sign-out');
    expect((await signIn(newEmail, PASSWORD)).res.status).toBe(200);
    expect((await signIn(oldEmail, PASSWORD)).res.status).toBe(401);
  });

  it('does not change anything until the link is followed, and the link works only for its member', async () => {
    const c = await signedInMember(t, 'email.pending@example.test', PASSWORD);
    const stranger = await signedInMember(t, 'email.stranger@example.test', PASSWORD);
    const res = await c.post('/api/auth/change-email', { newEmail: 'email.pending-new@example.test', callbackURL: '/my-account' });
    expect(res.status).toBe(200);
    expect((await me(c)).json.user.email).toBe('email.pending@example.test');
    const mail = (await t.mailer.outbox()).find((m) => m.to === 'email.pending-new@example.test' || m.to === 'email.pending@example.test');
    expect(mail).toBeDefined();
    const url = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    // another signed-in member opening the link does not change either account
    const visit = await stranger.get(url.pathname + url.search);
    expect(visit.headers.get('location')).toContain('error=');
    expect((await me(stranger)).json.user.email).toBe('email.stranger@example.test');
    expect((await me(c)).json.user.email).toBe('email.pending@example.test');
  });

  it('answers the same for an address already in use, and sends it nothing', async () => {
    await signedInMember(t, 'email.taken@example.test', PASSWORD);
    const c = await signedInMember(t, 'email.wants-taken@example.test', PASSWORD);
    const before = (await t.mailer.outbox()).length;
    const res = await c.post('/api/auth/change-email', { newEmail: 'email.taken@example.test', callbackURL: '/my-account' });
    expect(res.status).toBe(200);
    expect((await t.mailer.outbox()).length).toBe(before);
    expect((await me(c)).json.user.email).toBe('email.wants-taken@example.test');
  });
});

describe('GET /api/v1/session', () => {
  it('says who is signed in, or that nobody is, with a 200 either way (the /me it mirrors answers 401)', async () => {
    const anon = client(t);
    const nobody = await anon.get('/api/v1/session');
    expect(nobody.status).toBe(200);
    expect(nobody.json).toEqual({ me: null });
    expect((await anon.get('/api/v1/me')).status).toBe(401);

    const m = await signedInMember(t, 'session-probe@example.com');
    const me = await m.get('/api/v1/me');
    const session = await m.get('/api/v1/session');
    expect(session.status).toBe(200);
    expect(session.json).toEqual({ me: me.json });
    expect(session.json.me.user.email).toBe('session-probe@example.com');
  });
});
