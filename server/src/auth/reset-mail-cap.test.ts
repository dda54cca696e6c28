import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { RATE_LIMITS } from '../config/rate-limits';

/**
 * Reset mails are capped per account (RATE_LIMITS['auth:password-reset-account']: 3 an hour), not only
 * per client address: many addresses asking for one account's reset still put at most 3 mails in its
 * inbox, and every request gets the same answer as one for an address with no account.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(() => t.close());

const REQUEST_RESET = '/api/auth/request-password-reset';
const resetMailsTo = async (email: string) =>
  (await t.mailer.outbox()).filter((m) => m.to === email && /Reset your .* password/.test(m.subject));

async function account(name: string) {
  const email = `${name}.${Date.now().toString(36)}@example.com`;
  const ctx = await t.auth.$context;
  await ctx.internalAdapter.createUser({ email, name, emailVerified: true }, { method: 'email-password' });
  return email;
}

describe('password reset mails per account', () => {
  it('8 addresses asking 3 times each put exactly 3 reset mails in one inbox; the answers are all alike', async () => {
    expect(RATE_LIMITS['auth:password-reset-account']).toMatchObject({ max: 3, windowMs: 60 * 60 * 1000, per: 'account' });
    const victim = await account('victim');
    const c = client(t);
    const unknown = await c.post(REQUEST_RESET, { email: `nobody.${Date.now().toString(36)}@example.com`, redirectTo: '/reset-password' });
    expect(unknown.status).toBe(200);

    const answers: { status: number; text: string }[] = [];
    for (let address = 1; address <= 8; address++) {
      for (let i = 0; i < 3; i++) {
        // the address's case and spaces do not make another account's count
        const email = i === 1 ? ` ${victim.toUpperCase()} ` : victim;
        const res = await c.post(REQUEST_RESET, { email, redirectTo: '/reset-password' }, { 'x-forwarded-for': `203.0.113.${address}` });
        answers.push({ status: res.status, text: res.text });
      }
    }
    // each address stayed within its own limit (3 a minute): every request was answered as usual
    expect(answers.every((a) => a.status === 200 && a.text === unknown.text)).toBe(true);
    expect(await resetMailsTo(victim)).toHaveLength(3);
  });

  it('another account still gets its mail', async () => {
    const other = await account('other');
    const res = await client(t).post(
      REQUEST_RESET,
      { email: other, redirectTo: '/reset-password' },
      { 'x-forwarded-for': '198.51.100.20' },
    );
    expect(res.status).toBe(200);
    expect(await resetMailsTo(other)).toHaveLength(1);
  });
});
