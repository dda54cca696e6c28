import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { createSecondInstance, createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { limits } from '@velvet/core/constants/limits';
import { signInAddress, signInAlert, signInAttempt } from '../db/schema/index';

const SIGN_IN = '/api/auth/sign-in/email';
const PASSWORD = 'correct-horse-1';
const THROTTLED = 'Too Many Attempts - Please wait 15 minutes before trying again. Too many wrong passwords were tried for this account.';
/** The address a test member signs in from, and the ones the attackers use. */
const HOME = '192.0.2.10';
const attacker = (i: number) => `198.51.100.${i + 1}`;

let t: TestApp;
/** A second server instance on the same database (its own pool when on a PostgreSQL server). */
let other: TestApp;

beforeAll(async () => {
  // both behind a proxy that forwards the client's address
  t = await createTestApp({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
  other = await createSecondInstance(t, { TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

let n = 0;
let passwordHash: Promise<string> | undefined;
/** A confirmed member, made straight through better-auth's adapter (one password hash for all). */
async function account() {
  const ctx = await t.auth.$context;
  passwordHash ??= ctx.password.hash(PASSWORD);
  const email = `throttle.${Date.now().toString(36)}.${n++}@example.com`;
  const created = await ctx.internalAdapter.createUser({ email, name: 'Throttle', emailVerified: true }, { method: 'email-password' });
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await passwordHash,
  });
  return email;
}
const signIn = (app: TestApp, email: string, password: string, from = HOME) =>
  client(app).request('POST', SIGN_IN, { email, password }, { 'x-forwarded-for': from });
/** Failed attempts counted for an email from one address. */
const failures = async (email: string, from = HOME) =>
  (
    await t.database.db
      .select()
      .from(signInAttempt)
      .where(and(eq(signInAttempt.email, email), eq(signInAttempt.address, from)))
  )[0]?.failures ?? 0;

async function wrongTimes(times: number, email: string, { app = t, from = HOME }: { app?: TestApp; from?: string } = {}) {
  for (let i = 0; i < times; i++) {
    const res = await signIn(app, email, `wrong-horse-${i}`, from);
    expect(res.status, `attempt ${i + 1}`).toBe(401);
    expect(res.json.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  }
}

const moveWindowStart = (email: string, ago: string) =>
  t.database.db
    .update(signInAttempt)
    .set({ windowStartedAt: sql`now() - ${ago}::interval` })
    .where(eq(signInAttempt.email, email));

const alertsTo = async (email: string) => (await t.mailer.outbox()).filter((m) => m.to === email && /sign in/i.test(m.subject));

function expectThrottled(res: { status: number; json: any }, minutes = 15) {
  expect(res.status).toBe(429);
  expect(res.json).toMatchObject({ code: 'SIGN_IN_THROTTLED', message: messages.signIn.throttled(minutes), retryAfterMinutes: minutes });
}

describe('sign-in throttle: 5 failed attempts per email and address per 15 minutes', () => {
  it('refuses the 6th attempt from that address, even with the right password, in the spec words; other emails are unaffected', async () => {
    const [email, bystander] = [await account(), await account()];
    await wrongTimes(5, email);
    const sixth = await signIn(t, email, PASSWORD);
    expectThrottled(sixth);
    expect(sixth.json.message).toBe(THROTTLED);
    expect(sixth.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
    // the same address in other clothes is the same email
    expectThrottled(await signIn(t, `  ${email.toUpperCase()} `, PASSWORD));
    expect((await signIn(t, bystander, PASSWORD)).status).toBe(200);
  });

  it('keeps one count in the database, shared by two server instances', async () => {
    const email = await account();
    await wrongTimes(3, email, { app: t });
    await wrongTimes(2, email, { app: other });
    expect(await failures(email)).toBe(5);
    expectThrottled(await signIn(other, email, PASSWORD));
    expectThrottled(await signIn(t, email, PASSWORD));
  });

  it('lets the address in again once the 15-minute window has passed, and then starts a new window', async () => {
    const email = await account();
    await wrongTimes(5, email);
    expectThrottled(await signIn(t, email, PASSWORD));

    // 14 min 30 s in: half a minute left, told in the singular
    await moveWindowStart(email, '14 minutes 30 seconds');
    expectThrottled(await signIn(t, email, PASSWORD), 1);
    expect(messages.signIn.throttled(1)).toMatch(/^Too Many Attempts - Please wait 1 minute before trying again\. /);

    await moveWindowStart(email, '16 minutes');
    await wrongTimes(1, email, { app: other });
    // a fresh window: one failure, not the old five plus one
    expect(await failures(email)).toBe(1);
    expect((await signIn(other, email, PASSWORD)).status).toBe(200);
  });

  it('clears the count after a successful sign-in', async () => {
    const email = await account();
    await wrongTimes(4, email);
    expect((await signIn(t, email, PASSWORD)).status).toBe(200);
    expect(await failures(email)).toBe(0);
    // five fresh chances, not one
    await wrongTimes(5, email);
    expectThrottled(await signIn(t, email, PASSWORD));
  });

  it('counts unknown emails the same way (no account enumeration through the throttle)', async () => {
    const ghost = `ghost.${Date.now().toString(36)}@example.com`;
    await wrongTimes(5, ghost);
    expectThrottled(await signIn(t, ghost, PASSWORD));
  });

  it('does not count a right password on an unconfirmed account as a failure', async () => {
    const email = `unconfirmed.${Date.now().toString(36)}@example.com`;
    await client(t).post('/api/auth/sign-up/email', { email, password: PASSWORD, isAdult: true, acceptTerms: true });
    for (let i = 0; i < 6; i++) expect((await signIn(t, email, PASSWORD)).json.code).toBe('EMAIL_NOT_VERIFIED');
    expect(await failures(email)).toBe(0);
  });

  it('lets at most 5 of a burst of parallel guesses from one address reach the password check', async () => {
    const email = await account();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(i % 2 ? other : t, email, `guess-${i}-horse`)));
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expectThrottled(await signIn(t, email, PASSWORD));
  });
});

describe('sign-in throttle: no lock for attackers to hand out', () => {
  it('six failures from six addresses do not lock the member out: the right password from a seventh address gets in', async () => {
    const email = await account();
    for (let i = 0; i < 6; i++) await wrongTimes(1, email, { app: i % 2 ? other : t, from: attacker(i) });
    const res = await signIn(t, email, PASSWORD, '203.0.113.7');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(true);
  });

  it('refuses an address that keeps failing (429 with retryAfterMinutes), while the member at home still gets in', async () => {
    const email = await account();
    await wrongTimes(5, email, { from: attacker(0) });
    expectThrottled(await signIn(t, email, 'wrong-horse-again', attacker(0)));
    // the right password does not help the failing address either
    expectThrottled(await signIn(other, email, PASSWORD, attacker(0)));
    expect((await signIn(t, email, PASSWORD, HOME)).status).toBe(200);
    // and the member signing in at home does not clear the attacker's count
    expectThrottled(await signIn(t, email, PASSWORD, attacker(0)));
  });

  it('treats the addresses of one IPv6 /64 network as one address', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) await wrongTimes(1, email, { from: `2001:db8:1:2::${(i + 1).toString(16)}` });
    expectThrottled(await signIn(t, email, PASSWORD, '2001:db8:1:2:ffff::1'));
    expect((await signIn(t, email, PASSWORD, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('mails the member once when their account is attacked from other addresses', async () => {
    const email = await account();
    for (let i = 0; i < 6; i++) await wrongTimes(1, email, { app: i % 2 ? other : t, from: attacker(i) });
    const [alert, ...more] = await alertsTo(email);
    expect(more).toEqual([]);
    expect(alert).toBeDefined();
    expect(alert!.subject).toBe(messages.mail.signInAlert.subject(t.config.siteName));
    expect(alert!.text).toContain(messages.mail.signInAlert.intro);
    expect(alert!.text).toContain(`${t.config.publicUrl}/forgot-password`);

    // the attack goes on, from more addresses and both instances: still one mail in this window
    for (let i = 6; i < 12; i++) await wrongTimes(1, email, { app: i % 2 ? other : t, from: attacker(i) });
    expect(await alertsTo(email)).toHaveLength(1);
  });

  it('sends no alert for a member mistyping at one address, nor for an email with no account', async () => {
    const email = await account();
    await wrongTimes(5, email);
    expectThrottled(await signIn(t, email, 'wrong-horse-again'));
    const ghost = `ghost.${Date.now().toString(36)}.alert@example.com`;
    for (let i = 0; i < 6; i++) await wrongTimes(1, ghost, { from: attacker(i) });
    // (the outbox waits for every mail this server has handed over: none may come later)
    expect(await alertsTo(email)).toEqual([]);
    expect(await alertsTo(ghost)).toEqual([]);
  });
});

const addressFailures = async (from: string) =>
  (await t.database.db.select().from(signInAddress).where(eq(signInAddress.address, from)))[0]?.failures ?? 0;

function expectAddressThrottled(res: { status: number; json: any }, minutes = 15) {
  expect(res.status).toBe(429);
  expect(res.json).toMatchObject({
    code: 'SIGN_IN_THROTTLED_ADDRESS',
    message: messages.signIn.throttledAddress(minutes),
    retryAfterMinutes: minutes,
  });
}

describe('sign-in limits: tight per account, generous per address', () => {
  it('says which limit was met, in two distinct messages', () => {
    expect(messages.signIn.throttled(15)).not.toBe(messages.signIn.throttledAddress(15));
    expect(messages.signIn.throttled(15)).toMatch(/this account/);
    expect(messages.signIn.throttledAddress(15)).toMatch(/your network/);
    expect(limits.signInAddressThrottle.maxFailures).toBeGreaterThanOrEqual(20 * limits.signInThrottle.maxAttempts);
  });

  it("others' failures at a shared address do not lock a member out: 30 members mistype there, the next signs in", async () => {
    const shared = '100.64.0.1';
    const members = await Promise.all(Array.from({ length: 31 }, () => account()));
    for (const email of members.slice(0, 30)) await wrongTimes(1, email, { from: shared });
    expect(await addressFailures(shared)).toBe(30);
    expect((await signIn(t, members[30]!, PASSWORD, shared)).status).toBe(200);
    // and each of the 30 still has 4 tries of their own left
    await wrongTimes(4, members[0]!, { from: shared });
    expectThrottled(await signIn(t, members[0]!, PASSWORD, shared));
  });

  it("a member's refused attempts over their account's limit do not count against the shared address", async () => {
    const shared = '100.64.0.2';
    const email = await account();
    await wrongTimes(5, email, { from: shared });
    for (let i = 0; i < 20; i++) expectThrottled(await signIn(t, email, `again-${i}-horse`, shared));
    expect(await addressFailures(shared)).toBe(5);
  });

  it('refuses an address past its generous limit with its own message, for every account; other addresses sign in', async () => {
    const shared = '100.64.0.3';
    const [email, bystander] = [await account(), await account()];
    await wrongTimes(2, email, { from: shared });
    // the address has failed its fill of times (across many accounts) in this window
    await t.database.db
      .update(signInAddress)
      .set({ failures: limits.signInAddressThrottle.maxFailures })
      .where(eq(signInAddress.address, shared));
    const refused = await signIn(t, bystander, PASSWORD, shared);
    expectAddressThrottled(refused);
    expect(refused.json.message).toContain('your network');
    expect(refused.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
    expectAddressThrottled(await signIn(other, email, PASSWORD, shared));
    // refused attempts do not grow the count, and the account's own count was not touched
    expect(await addressFailures(shared)).toBe(limits.signInAddressThrottle.maxFailures);
    expect(await failures(email, shared)).toBe(2);
    expect((await signIn(t, bystander, PASSWORD, '100.64.9.9')).status).toBe(200);

    // once the window has passed, the address starts afresh
    await t.database.db
      .update(signInAddress)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(signInAddress.address, shared));
    expect((await signIn(t, bystander, PASSWORD, shared)).status).toBe(200);
  });

  it('a successful sign-in gives its place at the address back', async () => {
    const shared = '100.64.0.4';
    const email = await account();
    for (let i = 0; i < 3; i++) expect((await signIn(t, email, PASSWORD, shared)).status).toBe(200);
    expect(await addressFailures(shared)).toBe(0);
  });

  it('sweeps out rows whose window has ended, oldest first, a few with every attempt (no random sweep)', async () => {
    const stale = sql`now() - interval '20 minutes'`;
    const emails = Array.from({ length: 15 }, (_, i) => `stale.${i}.${Date.now().toString(36)}@example.com`);
    await t.database.db
      .insert(signInAttempt)
      .values(emails.map((email) => ({ email, address: '192.0.2.200', failures: 3, windowStartedAt: stale })));
    await t.database.db
      .insert(signInAddress)
      .values(Array.from({ length: 15 }, (_, i) => ({ address: `192.0.2.${100 + i}`, failures: 3, windowStartedAt: stale })));
    await t.database.db.insert(signInAlert).values(emails.map((email) => ({ email, sentAt: stale })));
    const staleRows = async () =>
      Number(
        (
          await t.database.db.execute<{ n: number }>(sql`select
            (select count(*) from sign_in_attempt where window_started_at <= now() - interval '15 minutes')
          + (select count(*) from sign_in_address where window_started_at <= now() - interval '15 minutes')
          + (select count(*) from sign_in_alert where sent_at <= now() - interval '15 minutes') as n`)
        ).rows[0]!.n,
      );
    const before = await staleRows();
    expect(before).toBeGreaterThanOrEqual(45);
    const email = await account();
    await wrongTimes(1, email);
    expect(await staleRows()).toBe(before - 30);
    expect((await signIn(t, email, PASSWORD)).status).toBe(200);
    await wrongTimes(1, email);
    await wrongTimes(1, email);
    expect(await staleRows()).toBe(Math.max(0, before - 90));
  });
});

describe('sign-in limits with the per-address rate limiter on (as in production)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createSecondInstance(t, { TRUSTED_PROXY_HEADER: 'x-forwarded-for', RATE_LIMITS: 'on' });
  });
  afterAll(() => limited.close());

  it('lets 12 members behind one address sign in within seconds (no 3-per-10-seconds lock on the address)', async () => {
    const shared = '100.64.1.1';
    const emails = await Promise.all(Array.from({ length: 12 }, () => account()));
    for (const email of emails) expect((await signIn(limited, email, PASSWORD, shared)).status, email).toBe(200);
  });
});
