import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, ORIGIN, signedInMember, type Client } from '../../test/http';
import { authenticator, awayFromStepEdge } from '../../test/totp';
import { user } from '../db/schema/index';
import { startOidcProvider, type RunningOidcProvider } from '../../../e2e/support/oidc-provider';

/**
 * DESIGN §8: bad input on an auth route gets a clear 4xx (or a proper 2xx where the input is in fact
 * acceptable), never a 500 or a stack trace, and changes nothing. auth-routes.test.ts sweeps sign-up,
 * sign-in, the password reset and email confirmation; this file sweeps every other route the web app
 * uses (plus update-user and send-verification-email), signed in as a confirmed member where needed.
 */

const PASSWORD = 'correct-horse-1';
const WRONG_PASSWORD = 'wrong-horse-9';
const MEMBER = 'bad-input.member@example.test';
const TWO_FACTOR = 'bad-input.2fa@example.test';

let t: TestApp;
let oidc: RunningOidcProvider;
let member: Client;
let twoFactorMember: Client;
let totp: ReturnType<typeof authenticator>;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [`${ORIGIN}/api/auth/callback/google`] });
  t = await createTestApp({ OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: oidc.clientId, OIDC_CLIENT_SECRET: oidc.clientSecret! });
  member = await signedInMember(t, MEMBER, PASSWORD);
  twoFactorMember = await signedInMember(t, TWO_FACTOR, PASSWORD);
  const enrolment = await twoFactorMember.post('/api/auth/two-factor/enable', { password: PASSWORD });
  totp = authenticator(enrolment.json.totpURI);
  // the previous step's code, so that the next step's code is still unused for the sign-in at the end;
  // not at a step's edge, where the previous step's code would be two steps old when the server reads it
  await awayFromStepEdge();
  const verified = await twoFactorMember.post('/api/auth/two-factor/verify-totp', { code: code(-1) });
  expect(verified.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});

const code = (steps = 0) => totp.code(steps);
/** A six-digit code valid in no accepted step. */
function wrongCode() {
  const valid = new Set([-1, 0, 1].map(code));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/**
 * Everything a bad request could change, in one round trip: every member's row, password hashes,
 * two-factor secrets and backup codes, sessions; and the mail sent.
 */
async function snapshot() {
  const { rows } = await t.database.db.execute<{ state: unknown }>(sql`
    select json_build_object(
      'users', (select json_agg(u order by u.email) from "user" u),
      'passwords', (select json_agg(json_build_array(a.user_id, a.provider_id, a.password) order by a.user_id, a.provider_id) from account a),
      'twoFactor', (select json_agg(json_build_array(f.user_id, f.secret, f.backup_codes, f.verified) order by f.user_id) from two_factor f),
      'sessions', (select json_agg(json_build_array(s.user_id, s.token, s.expires_at) order by s.token) from session s)
    ) as state`);
  return { ...(rows[0]!.state as object), mails: (await t.mailer.outbox()).length };
}

const STACK = /\bat .+\.(ts|js|mjs|cjs):\d+|\bat async |node_modules|wasm:\/\//;

/** Never a 500 nor a stack trace; a 4xx with a message unless a 2xx is a proper answer to this input. */
function expectProperAnswer(res: { status: number; json: any; text: string }, label: string, acceptable = false) {
  expect(res.status, label).toBeLessThan(500);
  expect(res.text, label).not.toMatch(STACK);
  if (acceptable && res.status < 300) return;
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(typeof (res.json?.error ?? res.json)?.message, label).toBe('string');
}

// ---- the bad values ----

const NASTY_STRINGS: [string, string][] = [
  ['an empty string', ''],
  ['a NUL byte', 'a\u0000b'],
  // JSON.stringify sends lone surrogates as \ud800 / \udfff escapes
  ['lone surrogates', '\uD800x\uDFFF'],
  ['an RTL override', '\u202Egnp.exe'],
  ['4-byte emoji', '😀🏳️‍🌈𝕏'],
  ['a 100 000-character string', 'x'.repeat(100_000)],
  ['SQL injection', `' OR '1'='1'; DROP TABLE "user"; --`],
  ['HTML/script', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
];
const MALFORMED_EMAILS = ['bob@', 'bob', '@example.com', 'a b@example.com', '😀@example.com', '\u202Eevil@example.com', "x'--@example"];
type Kind = 'string' | 'email' | 'boolean';
const wrongTypes = (kind: Kind): [string, unknown][] => [
  ['a number', 42],
  ['an array', ['x']],
  ['null', null],
  ['an object', { $ne: '' }],
  kind === 'boolean' ? ['a string', 'true'] : ['a boolean', true],
];

interface Route {
  path: string;
  as: 'member' | 'twoFactorMember' | 'signed out';
  /** A well-formed body that still changes nothing: a wrong password or code, an unknown token. */
  base: () => Record<string, unknown>;
  fields: Record<string, Kind>;
  required: string[];
  /** Where a 2xx is a proper answer too (the value is acceptable input), as long as nothing changes. */
  accepts?: (field: string, value: unknown) => boolean;
}

const ROUTES: Route[] = [
  {
    path: '/change-password',
    as: 'member',
    base: () => ({ currentPassword: WRONG_PASSWORD, newPassword: 'new-horse-22' }),
    fields: { currentPassword: 'string', newPassword: 'string', revokeOtherSessions: 'boolean' },
    required: ['currentPassword', 'newPassword'],
  },
  {
    path: '/change-email',
    // an address in use: better-auth answers as if it had mailed a link, and sends nothing
    as: 'member',
    base: () => ({ newEmail: TWO_FACTOR, callbackURL: '/my-account' }),
    fields: { newEmail: 'email', callbackURL: 'string' },
    required: ['newEmail'],
    accepts: (field, value) => field === 'callbackURL' && value === '',
  },
  {
    path: '/two-factor/enable',
    as: 'twoFactorMember',
    base: () => ({ password: WRONG_PASSWORD }),
    fields: { password: 'string' },
    required: ['password'],
  },
  {
    path: '/two-factor/verify-totp',
    as: 'twoFactorMember',
    base: () => ({ code: wrongCode() }),
    fields: { code: 'string', trustDevice: 'boolean' },
    required: ['code'],
  },
  {
    path: '/two-factor/disable',
    as: 'twoFactorMember',
    base: () => ({ password: WRONG_PASSWORD }),
    fields: { password: 'string' },
    required: ['password'],
  },
  {
    path: '/two-factor/generate-backup-codes',
    as: 'twoFactorMember',
    base: () => ({ password: WRONG_PASSWORD }),
    fields: { password: 'string' },
    required: ['password'],
  },
  {
    path: '/two-factor/verify-backup-code',
    as: 'twoFactorMember',
    base: () => ({ code: 'AAAAA-AAAAA' }),
    fields: { code: 'string', trustDevice: 'boolean', disableSession: 'boolean' },
    required: ['code'],
  },
  {
    path: '/revoke-session',
    as: 'member',
    base: () => ({ token: 'no-such-session-token' }),
    fields: { token: 'string' },
    required: ['token'],
    // any text is a token that matches no session of the member: nothing to revoke
    accepts: (field, value) => typeof value === 'string',
  },
  {
    path: '/send-verification-email',
    as: 'signed out',
    base: () => ({ email: 'nobody.here@example.test', callbackURL: '/login?confirmed=1' }),
    fields: { email: 'email', callbackURL: 'string' },
    required: ['email'],
    accepts: (field, value) => field === 'callbackURL' && value === '',
  },
  {
    path: '/sign-in/social',
    as: 'signed out',
    base: () => ({ provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login?providerError=1', disableRedirect: true }),
    fields: { provider: 'string', callbackURL: 'string', errorCallbackURL: 'string', disableRedirect: 'boolean', loginHint: 'string' },
    required: ['provider'],
    // any text is a login hint for the provider; an empty address means "the default"
    accepts: (field, value) => (field === 'loginHint' && typeof value === 'string') || value === '',
  },
];

function casesFor(route: Route): [label: string, body: Record<string, unknown>, acceptable: boolean][] {
  const base = route.base();
  const accepts = (field: string, value: unknown) => route.accepts?.(field, value) ?? false;
  const cases: [string, Record<string, unknown>, boolean][] = [['an empty object', {}, false]];
  for (const field of route.required) {
    const { [field]: _, ...rest } = base;
    cases.push([`${field} missing`, rest, false]);
  }
  for (const [field, kind] of Object.entries(route.fields)) {
    const values: [string, unknown][] = [
      ...wrongTypes(kind),
      ...(kind === 'boolean' ? [] : NASTY_STRINGS),
      ...(kind === 'email' ? MALFORMED_EMAILS.map((e): [string, unknown] => [JSON.stringify(e), e]) : []),
    ];
    for (const [name, value] of values) cases.push([`${field} as ${name}`, { ...base, [field]: value }, accepts(field, value)]);
  }
  return cases;
}

const as = (who: Route['as']) => (who === 'member' ? member : who === 'twoFactorMember' ? twoFactorMember : client(t));

describe('auth routes: bad fields get a 4xx and change nothing', () => {
  it.each(ROUTES)('$path', async (route) => {
    const before = await snapshot();
    for (const [label, body, acceptable] of casesFor(route)) {
      const what = `${route.path}: ${label}`;
      expectProperAnswer(await as(route.as).post(`/api/auth${route.path}`, body), what, acceptable);
      expect(await snapshot(), what).toEqual(before);
    }
  });
});

describe('auth routes: bad transport gets a 4xx and changes nothing', () => {
  const FIVE_MB = JSON.stringify({ password: 'x'.repeat(5 * 1024 * 1024), code: '123456', token: 't', email: 'a@example.com' });
  const BOUNDARY = 'velvet-boundary';
  const TRANSPORT: [label: string, body: string, type: string][] = [
    ['an empty body', '', 'application/json'],
    ['malformed JSON', '{"password": "x",', 'application/json'],
    ['JSON with a trailing comma', '{"password": "x",}', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['a JSON array', '[{"password": "x"}]', 'application/json'],
    ['a JSON string', '"x"', 'application/json'],
    ['a NUL byte in any field', JSON.stringify({ note: 'a\u0000b' }), 'application/json'],
    ['text/plain', 'password=x', 'text/plain'],
    ['form-urlencoded', 'password=x&token=y&code=123456', 'application/x-www-form-urlencoded'],
    [
      'multipart',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="password"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      `multipart/form-data; boundary=${BOUNDARY}`,
    ],
    ['a 5 MB body', FIVE_MB, 'application/json'],
  ];
  const PATHS: [path: string, who: Route['as']][] = [
    ...ROUTES.map((r): [string, Route['as']] => [r.path, r.as]),
    ['/update-user', 'member'],
    ['/revoke-sessions', 'member'],
    ['/revoke-other-sessions', 'member'],
    ['/sign-out', 'member'],
  ];

  it.each(PATHS)('%s', async (path, who) => {
    const before = await snapshot();
    for (const [label, body, type] of TRANSPORT) {
      const res = await as(who).request('POST', `/api/auth${path}`, body, { 'content-type': type });
      expectProperAnswer(res, `${path}: ${label}`);
      if (label === 'a 5 MB body') expect(res.json).toEqual({ error: { code: 'BODY_TOO_LARGE', message: messages.errors.bodyTooLarge } });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('update-user: names are text, nothing else is editable', () => {
  const nameOf = async () => (await t.database.db.select({ name: user.name }).from(user).where(eq(user.email, MEMBER)))[0]!.name;

  it('refuses wrong types, blank names, non-web pictures and protected fields, changing nothing', async () => {
    const bodies: Record<string, unknown>[] = [
      {},
      ...wrongTypes('string').map(([, value]) => ({ name: value })),
      { name: '' },
      { name: '   ' },
      { name: '\u0000\u0007' },
      { image: 'javascript:alert(1)' },
      { image: '<script>alert(1)</script>' },
      { image: `https://example.com/${'x'.repeat(3000)}` },
      { image: 42 },
      { email: 'someone.else@example.test' },
      { role: 'admin' },
      { verified: true },
      { twoFactorEnabled: true },
      { banned: false },
    ];
    const before = await snapshot();
    for (const body of bodies) {
      const what = `update-user ${JSON.stringify(body).slice(0, 60)}`;
      expectProperAnswer(await member.post('/api/auth/update-user', body), what);
      expect(await snapshot(), what).toEqual(before);
    }
  });

  it('stores any other name as plain text: control characters removed, at most 60 characters', async () => {
    for (const [label, name] of NASTY_STRINGS.filter(([, s]) => s.replace(/\p{Cc}/gu, '').trim())) {
      const res = await member.post('/api/auth/update-user', { name });
      expectProperAnswer(res, `update-user name with ${label}`, true);
      expect(res.status, label).toBe(200);
      // stored verbatim (parameterised, never markup), except what PostgreSQL cannot hold: NUL, lone surrogates
      const expected = Buffer.from(
        name
          .replace(/\p{Cc}/gu, '')
          .trim()
          .slice(0, 60),
      ).toString();
      expect(await nameOf(), label).toBe(expected);
    }
  });
});

describe('reading routes: junk in the query string', () => {
  it.each(['/get-session', '/list-sessions', '/list-accounts'])('%s', async (path) => {
    const before = await snapshot();
    for (const query of [
      'disableCookieCache=%00',
      'x=%ED%A0%80',
      'x=%E2%80%AE%F0%9F%98%80',
      `x=${encodeURIComponent(NASTY_STRINGS[6]![1])}&y=${encodeURIComponent(NASTY_STRINGS[7]![1])}`,
      `x=${'a'.repeat(10_000)}`,
      'disableRefresh[]=1&disableCookieCache[a]=b',
      '%zz=%',
    ]) {
      const res = await member.get(`/api/auth${path}?${query}`);
      expectProperAnswer(res, `${path}?${query.slice(0, 40)}`, true);
      // a 2xx answers for this member only
      if (res.status === 200) expect(res.text).not.toContain(TWO_FACTOR);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('acceptable input that merely looks hostile', () => {
  it('an injection string as the new password is just a password', async () => {
    const hostile = `' OR '1'='1'; -- <script>😀\u202E`;
    expect((await member.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: hostile })).status).toBe(200);
    expect((await client(t).post('/api/auth/sign-in/email', { email: MEMBER, password: hostile })).status).toBe(200);
    expect((await member.post('/api/auth/change-password', { currentPassword: hostile, newPassword: PASSWORD })).status).toBe(200);
  });
});

describe('the second step of a two-factor sign-in', () => {
  it('refuses bad codes cleanly; the member can still finish signing in', async () => {
    const pending = client(t);
    expect((await pending.post('/api/auth/sign-in/email', { email: TWO_FACTOR, password: PASSWORD })).json).toMatchObject({
      twoFactorRedirect: true,
    });
    const before = await snapshot();
    // strings reaching the code check use up the challenge's attempts (5): keep them few
    const values: [string, unknown][] = [...wrongTypes('string'), ...NASTY_STRINGS.filter(([label]) => /NUL|SQL|HTML/.test(label))];
    for (const path of ['/two-factor/verify-totp', '/two-factor/verify-backup-code']) {
      for (const [label, value] of values) expectProperAnswer(await pending.post(`/api/auth${path}`, { code: value }), `${path}: ${label}`);
    }
    expect((await pending.get('/api/v1/me')).status).toBe(401);
    expect(await snapshot()).toEqual(before);

    const again = client(t);
    expect((await again.post('/api/auth/sign-in/email', { email: TWO_FACTOR, password: PASSWORD })).json.twoFactorRedirect).toBe(true);
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: code(1) })).status).toBe(200);
    expect((await again.get('/api/v1/me')).json.user).toMatchObject({ email: TWO_FACTOR, twoFactorEnabled: true });
  });
});

describe('after all of it', () => {
  it('both members are still signed in, with the same email and password', async () => {
    for (const [c, email] of [
      [member, MEMBER],
      [twoFactorMember, TWO_FACTOR],
    ] as const) {
      const me = await c.get('/api/v1/me');
      expect(me.status).toBe(200);
      expect(me.json.user.email).toBe(email);
    }
    expect((await client(t).post('/api/auth/sign-in/email', { email: MEMBER, password: PASSWORD })).status).toBe(200);
  });
});
