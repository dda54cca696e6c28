import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, linkFromOutbox, signedInMember } from '../../test/http';
import { user } from '../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIGN_UP = '/api/auth/sign-up/email';
const SIGN_IN = '/api/auth/sign-in/email';
const REQUEST_RESET = '/api/auth/request-password-reset';
const RESET = '/api/auth/reset-password';
const VERIFY = '/api/auth/verify-email';
const POST_ROUTES = [SIGN_UP, SIGN_IN, REQUEST_RESET, RESET];

let n = 0;
const fresh = (prefix = 'm') => `${prefix}.${Date.now().toString(36)}.${n++}@example.com`;
const adult = { isAdult: true, acceptTerms: true };
const users = async () => (await t.database.db.select({ n: count() }).from(user))[0]!.n;
const userRow = async (email: string) => (await t.database.db.select().from(user).where(eq(user.email, email)))[0];
const json = (body: string, type = 'application/json') => ({ 'content-type': type, body });

/** A raw POST (string body, any content type) through the cookie-keeping client. */
const raw = (path: string, { body, ...headers }: { body: string } & Record<string, string>) =>
  client(t).request('POST', path, body, headers);

/** Signs up and confirms through the mailed link; returns the email. */
async function confirmedAccount(email = fresh(), password = 'correct-horse-1') {
  const c = client(t);
  const up = await c.post(SIGN_UP, { email, password, ...adult });
  expect(up.status).toBe(200);
  const link = new URL(await linkFromOutbox(t, email));
  const confirmed = await c.get(link.pathname + link.search);
  expect(confirmed.status).toBe(302);
  return email;
}

/** A clean refusal: a 4xx with a code and a message, never a stack trace. */
function expectCleanRefusal(res: { status: number; json: any; text: string }, status?: number) {
  if (status) expect(res.status).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const body = res.json?.error ?? res.json;
  expect(typeof body?.code).toBe('string');
  expect(typeof body?.message).toBe('string');
  expect(res.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
}

describe('sign-in: bad input gets the spec words', () => {
  it('asks for both fields when either is missing or empty', async () => {
    for (const body of [
      {},
      { email: 'a@example.com' },
      { password: 'x' },
      { email: '   ', password: 'x' },
      { email: 'a@example.com', password: '' },
    ]) {
      const res = await client(t).post(SIGN_IN, body);
      expectCleanRefusal(res, 400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_FAILED', message: messages.signIn.missingFields });
    }
  });

  it('refuses a malformed email', async () => {
    for (const email of ['bob@', 'bob', '@example.com', 'bob@example', 'a b@example.com']) {
      const res = await client(t).post(SIGN_IN, { email, password: 'whatever-1' });
      expectCleanRefusal(res, 400);
      expect(res.json.message).toBe(messages.signIn.invalidEmail);
    }
  });

  it('refuses wrong types and non-object bodies with a 400', async () => {
    for (const body of [
      { email: 42, password: 'whatever-1' },
      { email: ['a@example.com'], password: 'whatever-1' },
      { email: { $ne: '' }, password: 'whatever-1' },
      { email: 'a@example.com', password: 12345678 },
      { email: 'a@example.com', password: ['x'] },
      { email: null, password: null },
    ]) {
      const res = await client(t).post(SIGN_IN, body);
      expectCleanRefusal(res, 400);
      expect(res.json.message).toBe(messages.signIn.missingFields);
    }
    for (const body of ['[1,2]', 'null', '"a@example.com"', '42']) {
      const res = await raw(SIGN_IN, json(body));
      expectCleanRefusal(res, 400);
      expect(res.json.message).toBe(messages.signIn.missingFields);
    }
  });
});

describe('sign-up: bad input gets the spec words and creates nothing', () => {
  it('needs the 18+ confirmation and the terms', async () => {
    const before = await users();
    const cases: [object, string][] = [
      [{ email: fresh(), password: 'long-enough-1', acceptTerms: true }, messages.signUp.mustBeAdult],
      [{ email: fresh(), password: 'long-enough-1', isAdult: false, acceptTerms: true }, messages.signUp.mustBeAdult],
      [{ email: fresh(), password: 'long-enough-1', isAdult: 'true', acceptTerms: true }, messages.signUp.mustBeAdult],
      [{ email: fresh(), password: 'long-enough-1', isAdult: true }, messages.signUp.mustAcceptTerms],
      [{ email: fresh(), password: 'long-enough-1', isAdult: true, acceptTerms: 1 }, messages.signUp.mustAcceptTerms],
    ];
    for (const [body, message] of cases) {
      const res = await client(t).post(SIGN_UP, body);
      expectCleanRefusal(res, 400);
      expect(res.json).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    expect(await users()).toBe(before);
  });

  it('refuses a short password, a malformed email and missing fields', async () => {
    const before = await users();
    const cases: [object, string][] = [
      [{ email: fresh(), password: 'short', ...adult }, messages.signUp.passwordTooShort],
      [{ email: fresh(), password: '1234567', ...adult }, messages.signUp.passwordTooShort],
      [{ email: 'bob@', password: 'long-enough-1', ...adult }, messages.signIn.invalidEmail],
      [{ email: 'bob@example', password: 'long-enough-1', ...adult }, messages.signIn.invalidEmail],
      [{ password: 'long-enough-1', ...adult }, messages.signIn.missingFields],
      [{ email: '', password: 'long-enough-1', ...adult }, messages.signIn.missingFields],
    ];
    for (const [body, message] of cases) {
      const res = await client(t).post(SIGN_UP, body);
      expectCleanRefusal(res, 400);
      expect(res.json.message).toBe(message);
    }
    expect(await users()).toBe(before);
  });

  it('refuses wrong types with a 400', async () => {
    const before = await users();
    for (const body of [
      { email: 42, password: 'long-enough-1', ...adult },
      { email: [fresh()], password: 'long-enough-1', ...adult },
      { email: { toString: fresh() }, password: 'long-enough-1', ...adult },
      { email: fresh(), password: 12345678, ...adult },
      { email: fresh(), password: { length: 9 }, ...adult },
    ]) {
      expectCleanRefusal(await client(t).post(SIGN_UP, body), 400);
    }
    for (const body of ['[]', 'null', 'true']) expectCleanRefusal(await raw(SIGN_UP, json(body)), 400);
    expect(await users()).toBe(before);
  });

  it('refuses SQL injection and HTML strings as the email, and stores quotes verbatim when the address is real', async () => {
    const before = await users();
    for (const email of [
      "' OR '1'='1",
      "admin@example.com' --",
      'x@example.com\'; DROP TABLE "user"; --',
      '<script>alert(1)</script>@example.com',
      '"><img src=x onerror=alert(1)>@example.com',
      'a@example.com<svg onload=alert(1)>',
    ]) {
      const res = await client(t).post(SIGN_UP, { email, password: 'long-enough-1', ...adult });
      expectCleanRefusal(res, 400);
      expect(res.json.message).toBe(messages.signIn.invalidEmail);
    }
    expect(await users()).toBe(before);

    // an address with quotes is a real address: it is stored as typed (parameterised), nothing else happens
    const quoted = `o'brien'--.${n++}@example.com`;
    const res = await client(t).post(SIGN_UP, { email: quoted, password: "' OR '1'='1", ...adult });
    expect(res.status).toBe(200);
    expect(await users()).toBe(before + 1);
    expect((await userRow(quoted))?.email).toBe(quoted);
  });

  it('never lets sign-up set role, verified, emailVerified or image', async () => {
    const email = fresh('mass');
    const res = await client(t).post(SIGN_UP, {
      email,
      password: 'long-enough-1',
      ...adult,
      role: 'admin',
      verified: true,
      emailVerified: true,
      image: 'javascript:alert(1)',
      banned: false,
    });
    expect(res.status).toBeLessThan(500);
    const row = await userRow(email);
    if (row) expect(row).toMatchObject({ role: 'user', verified: false, emailVerified: false, image: null });
    expect(await t.database.db.select().from(user).where(eq(user.role, 'admin'))).toEqual([]);
    // and the unconfirmed account still cannot sign in
    expect((await client(t).post(SIGN_IN, { email, password: 'long-enough-1' })).status).toBe(res.status === 200 ? 403 : 401);
  });

  it('does not create a second account for the same email nor change the first password', async () => {
    const email = await confirmedAccount(fresh('dup'));
    const before = await users();
    const again = await client(t).post(SIGN_UP, { email: email.toUpperCase(), password: 'attacker-pass-1', ...adult });
    expect(again.status).toBeLessThan(500);
    expect(await users()).toBe(before);
    expect((await client(t).post(SIGN_IN, { email, password: 'attacker-pass-1' })).status).toBe(401);
    expect((await client(t).post(SIGN_IN, { email, password: 'correct-horse-1' })).status).toBe(200);
  });
});

describe('request-password-reset, reset-password and verify-email: bad input', () => {
  it('request-password-reset refuses a missing, malformed or mistyped email', async () => {
    const cases: [unknown, string][] = [
      [{}, messages.signIn.missingFields],
      [{ email: '' }, messages.signIn.missingFields],
      [{ email: 'bob@' }, messages.signIn.invalidEmail],
      [{ email: '<b>x</b>@example.com' }, messages.signIn.invalidEmail],
      [{ email: 7 }, messages.signIn.missingFields],
      [{ email: ['a@example.com'] }, messages.signIn.missingFields],
    ];
    for (const [body, message] of cases) {
      const res = await client(t).post(REQUEST_RESET, body);
      expectCleanRefusal(res, 400);
      expect(res.json.message).toBe(message);
    }
  });

  it('reset-password refuses a missing token, a short password and wrong types', async () => {
    const noToken = await client(t).post(RESET, { newPassword: 'long-enough-1' });
    expectCleanRefusal(noToken, 400);
    expect(noToken.json).toMatchObject({ code: 'INVALID_TOKEN', message: messages.account.resetInvalid });

    const short = await client(t).post(RESET, { token: 'whatever', newPassword: 'short' });
    expectCleanRefusal(short, 400);
    expect(short.json.message).toBe(messages.signUp.passwordTooShort);

    for (const body of [
      { token: 5, newPassword: 'long-enough-1' },
      { token: 'x', newPassword: 12345678 },
      { token: ['x'], newPassword: ['y'] },
    ]) {
      expectCleanRefusal(await client(t).post(RESET, body), 400);
    }
    const forged = await client(t).post(RESET, { token: 'forged-token', newPassword: 'long-enough-1' });
    expectCleanRefusal(forged, 400);
    expect(forged.json.code).toBe('INVALID_TOKEN');
  });

  it('verify-email refuses a missing or forged token and sends a browser back with an error', async () => {
    const none = await client(t).get(VERIFY);
    expectCleanRefusal(none, 400);
    expect(none.json).toMatchObject({ code: 'INVALID_TOKEN', message: messages.signIn.confirmLinkInvalid });

    for (const token of ['forged', '%00%F0%9F%98%80', 'a'.repeat(8000)]) {
      expectCleanRefusal(await client(t).get(`${VERIFY}?token=${token}`));
    }
    const back = await client(t).get(`${VERIFY}?token=forged&callbackURL=${encodeURIComponent('/login?confirmed=1')}`);
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toMatch(/^\/login\?confirmed=1&error=/);
  });
});

describe('every auth route: transport-level bad input', () => {
  it('answers a 5 MB body with 413, not 500', async () => {
    const huge = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(5 * 1024 * 1024), token: 't', newPassword: 'y' });
    for (const path of POST_ROUTES) {
      const res = await raw(path, json(huge));
      expect(res.status, path).toBe(413);
      expect(res.json).toEqual({ error: { code: 'BODY_TOO_LARGE', message: messages.errors.bodyTooLarge } });
    }
  });

  it('refuses a wrong content type and malformed JSON', async () => {
    for (const path of POST_ROUTES) {
      expectCleanRefusal(await raw(path, json('email=a@example.com', 'text/plain')));
      expectCleanRefusal(await raw(path, json('<x/>', 'application/xml')));
      expectCleanRefusal(await raw(path, json('{"email":', 'application/json')), 400);
      expectCleanRefusal(await raw(path, json('{"email": "a@example.com",}', 'application/json')), 400);
    }
  });

  it('handles unicode edge cases cleanly on every route (4xx or a proper success, never 500)', async () => {
    const before = await users();
    const nasty = [
      '😀@example.com',
      'jose\u0301@example.com',
      '\u202Eevil@example.com',
      'مرحبا@example.com',
      'a\u0000b@example.com',
      'a@exa\u0000mple.com',
      '\uD800@example.com',
    ];
    for (const email of nasty) {
      for (const path of [SIGN_UP, SIGN_IN, REQUEST_RESET]) {
        const res = await client(t).post(path, { email, password: 'long-enough-1', ...adult });
        expectCleanRefusal(res, 400);
        expect(res.json.message).toBe(messages.signIn.invalidEmail);
      }
    }
    expect(await users()).toBe(before);

    // a byte-order mark is whitespace: trimmed away like spaces
    const bom = fresh('bom');
    expect((await client(t).post(SIGN_UP, { email: `\uFEFF${bom}\u00A0`, password: 'long-enough-1', ...adult })).status).toBe(200);
    expect(await userRow(bom)).toBeDefined();

    // unicode in a password or a name is a proper success, and the name is stored without the NUL
    const email = fresh('uni');
    const password = 'pässwörd😀\u202E\u0301\u0000x';
    const up = await client(t).post(SIGN_UP, { email, password, name: 'Zoë \u0000مرحبا 😀', ...adult });
    expect(up.status).toBe(200);
    expect((await userRow(email))?.name).toBe('Zoë مرحبا 😀');
    const link = new URL(await linkFromOutbox(t, email));
    await client(t).get(link.pathname + link.search);
    expect((await client(t).post(SIGN_IN, { email, password })).status).toBe(200);
    for (const p of [RESET]) {
      expectCleanRefusal(await client(t).post(p, { token: '😀\u0000\u202E', newPassword: password }), 400);
    }
  });
});

describe('sign-in behaviour', () => {
  it('trims and lowercases the email on sign-up and sign-in', async () => {
    const id = `${Date.now().toString(36)}${n++}`;
    const up = await client(t).post(SIGN_UP, { email: `  Mixed.${id}@Example.COM `, password: 'correct-horse-1', ...adult });
    expect(up.status).toBe(200);
    const email = `mixed.${id}@example.com`;
    expect(await userRow(email)).toBeDefined();
    const link = new URL(await linkFromOutbox(t, email));
    await client(t).get(link.pathname + link.search);
    expect((await client(t).post(SIGN_IN, { email, password: 'correct-horse-1' })).status).toBe(200);
    expect((await client(t).post(SIGN_IN, { email: ` MIXED.${id}@EXAMPLE.com`, password: 'correct-horse-1' })).status).toBe(200);
  });

  it('refuses sign-in before the email is confirmed with 403 EMAIL_NOT_VERIFIED', async () => {
    const email = fresh('unconfirmed');
    await client(t).post(SIGN_UP, { email, password: 'correct-horse-1', ...adult });
    const res = await client(t).post(SIGN_IN, { email, password: 'correct-horse-1' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('answers an unknown user and a wrong password with the same 401 (no account enumeration)', async () => {
    const email = await confirmedAccount(fresh('enum'));
    const unknown = await client(t).post(SIGN_IN, { email: fresh('nobody'), password: 'correct-horse-1' });
    const wrong = await client(t).post(SIGN_IN, { email, password: 'wrong-horse-1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    expect(unknown.json.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('treats SQL injection and HTML strings as a password as just a wrong password', async () => {
    const email = await confirmedAccount(fresh('sqli'));
    for (const password of ["' OR '1'='1", "' OR 1=1 --", '<script>alert(1)</script>']) {
      const res = await client(t).post(SIGN_IN, { email, password });
      expect(res.status).toBe(401);
      expect(res.headers.getSetCookie().some((c) => c.includes('session_token=') && !/max-age=0/i.test(c))).toBe(false);
    }
    expect((await client(t).post(SIGN_IN, { email, password: 'correct-horse-1' })).status).toBe(200);
  });
});

describe('email confirmation and password reset, end to end', () => {
  it('confirms through the mailed link, then signs in', async () => {
    const email = fresh('confirm');
    const c = client(t);
    await c.post(SIGN_UP, { email, password: 'correct-horse-1', ...adult, callbackURL: '/login?confirmed=1' });
    expect((await c.post(SIGN_IN, { email, password: 'correct-horse-1' })).status).toBe(403);
    const link = new URL(await linkFromOutbox(t, email));
    expect(link.pathname).toBe(VERIFY);
    const res = await c.get(link.pathname + link.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?confirmed=1');
    expect((await userRow(email))?.emailVerified).toBe(true);
    const signIn = await c.post(SIGN_IN, { email, password: 'correct-horse-1' });
    expect(signIn.status).toBe(200);
    expect((await c.get('/api/v1/me')).json.user.email).toBe(email);
  });

  it('resets the password through the mailed link, once', async () => {
    const member = await signedInMember(t, fresh('reset'));
    const email = (await member.get('/api/v1/me')).json.user.email as string;
    const c = client(t);
    const asked = await c.post(REQUEST_RESET, { email, redirectTo: '/reset-password' });
    expect(asked.status).toBe(200);
    const mail = (await t.mailer.outbox()).find((m) => m.to === email && /reset/i.test(m.subject));
    expect(mail).toBeDefined();
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const landing = await c.get(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const done = await c.post(RESET, { token, newPassword: 'new-horse-22' });
    expect(done.status).toBe(200);
    expect((await client(t).post(SIGN_IN, { email, password: 'correct-horse-1' })).status).toBe(401);
    expect((await client(t).post(SIGN_IN, { email, password: 'new-horse-22' })).status).toBe(200);
    // the sessions from before the reset are gone
    expect((await member.get('/api/v1/me')).status).toBe(401);

    const again = await c.post(RESET, { token, newPassword: 'third-horse-333' });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('INVALID_TOKEN');
    expect((await client(t).post(SIGN_IN, { email, password: 'third-horse-333' })).status).toBe(401);
  });

  /** Asks for a reset link and returns its token, read from the mailed link's landing. */
  async function resetToken(email: string) {
    const c = client(t);
    const seen = new Set((await t.mailer.outbox()).map((m) => m.id));
    expect((await c.post(REQUEST_RESET, { email, redirectTo: '/reset-password' })).status).toBe(200);
    const mail = (await t.mailer.outbox()).find((m) => !seen.has(m.id) && m.to === email && /reset/i.test(m.subject));
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const landing = await c.get(link.pathname + link.search);
    return new URL(landing.headers.get('location')!, 'http://localhost:3000').searchParams.get('token')!;
  }

  it('using one reset link makes every older link of the account invalid', async () => {
    const email = await confirmedAccount(fresh('links'));
    const bystander = await confirmedAccount(fresh('links-other'));
    const older = await resetToken(email);
    const newer = await resetToken(email);
    const theirs = await resetToken(bystander);
    expect(older).not.toBe(newer);

    expect((await client(t).post(RESET, { token: newer, newPassword: 'new-horse-22' })).status).toBe(200);
    const stale = await client(t).post(RESET, { token: older, newPassword: 'attacker-horse-9' });
    expect(stale.status).toBe(400);
    expect(stale.json.code).toBe('INVALID_TOKEN');
    expect((await client(t).post(SIGN_IN, { email, password: 'new-horse-22' })).status).toBe(200);
    // another member's link is theirs alone
    expect((await client(t).post(RESET, { token: theirs, newPassword: 'their-horse-77' })).status).toBe(200);
  });

  it('changing the password makes every outstanding reset link invalid', async () => {
    const email = fresh('change-links');
    const member = await signedInMember(t, email);
    const token = await resetToken(email);
    const changed = await member.post('/api/auth/change-password', { currentPassword: 'correct-horse-1', newPassword: 'changed-horse-5' });
    expect(changed.status).toBe(200);
    const stale = await client(t).post(RESET, { token, newPassword: 'attacker-horse-9' });
    expect(stale.status).toBe(400);
    expect(stale.json.code).toBe('INVALID_TOKEN');
    expect((await client(t).post(SIGN_IN, { email, password: 'changed-horse-5' })).status).toBe(200);
  });

  it('answers a reset for an unknown email with 200 and sends no mail', async () => {
    const email = fresh('ghost');
    const res = await client(t).post(REQUEST_RESET, { email, redirectTo: '/reset-password' });
    expect(res.status).toBe(200);
    expect((await t.mailer.outbox()).filter((m) => m.to === email)).toEqual([]);
  });

  it('refuses redirect targets on other sites (open redirect in mailed links)', async () => {
    const email = fresh('redirect');
    const up = await client(t).post(SIGN_UP, { email, password: 'correct-horse-1', ...adult, callbackURL: 'https://evil.example/' });
    expect(up.status).toBe(403);
    expect(await userRow(email)).toBeUndefined();
    const known = await confirmedAccount();
    const reset = await client(t).post(REQUEST_RESET, { email: known, redirectTo: 'https://evil.example/' });
    expect(reset.status).toBe(403);
    expect((await t.mailer.outbox()).filter((m) => m.to === known && /reset/i.test(m.subject))).toEqual([]);
  });
});
