import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, signedInMember } from '../../test/http';
import { user } from '../db/schema/index';

/** NIST 800-63B: a new password is checked against a list of commonly used ones (offline, shipped with the server). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const COMMON = ['password', 'Password1', '12345678', 'iloveyou', 'qwertyuiop', 'PASSWORD123'];
const TOO_COMMON = messages.signUp.passwordTooCommon;
let n = 0;
const fresh = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${n++}@example.com`;
const users = async () => (await t.database.db.select({ n: count() }).from(user))[0]!.n;

function expectTooCommon(res: { status: number; json: any }, field: string) {
  expect(res.status).toBe(400);
  expect(res.json).toMatchObject({ code: 'VALIDATION_FAILED', message: TOO_COMMON, details: { [field]: TOO_COMMON } });
}

describe('common passwords', () => {
  it('are refused at sign-up, in any case, and no account is made', async () => {
    const before = await users();
    for (const password of COMMON) {
      expectTooCommon(
        await client(t).post('/api/auth/sign-up/email', { email: fresh('common'), password, isAdult: true, acceptTerms: true }),
        'password',
      );
    }
    expect(await users()).toBe(before);
    const ok = await client(t).post('/api/auth/sign-up/email', {
      email: fresh('uncommon'),
      password: 'velvet-swing-4417',
      isAdult: true,
      acceptTerms: true,
    });
    expect(ok.status).toBe(200);
  });

  it('are refused as the new password of a reset link, which stays usable', async () => {
    const email = fresh('common-reset');
    await signedInMember(t, email);
    const c = client(t);
    await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const mail = (await t.mailer.outbox()).find((m) => m.to === email && /reset/i.test(m.subject));
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    const token = new URL((await c.get(link.pathname + link.search)).headers.get('location')!, 'http://x').searchParams.get('token')!;

    expectTooCommon(await c.post('/api/auth/reset-password', { token, newPassword: 'password' }), 'newPassword');
    expect((await client(t).post('/api/auth/sign-in/email', { email, password: 'password' })).status).toBe(401);
    expect((await c.post('/api/auth/reset-password', { token, newPassword: 'velvet-swing-4417' })).status).toBe(200);
  });

  it('are refused as the new password of a password change', async () => {
    const email = fresh('common-change');
    const member = await signedInMember(t, email);
    expectTooCommon(
      await member.post('/api/auth/change-password', { currentPassword: 'correct-horse-1', newPassword: 'iloveyou' }),
      'newPassword',
    );
    expect((await client(t).post('/api/auth/sign-in/email', { email, password: 'iloveyou' })).status).toBe(401);
    expect((await client(t).post('/api/auth/sign-in/email', { email, password: 'correct-horse-1' })).status).toBe(200);
    // signing in with an old common password still works: the rule is for new passwords
    expect((await t.database.db.select().from(user).where(eq(user.email, email))).length).toBe(1);
  });
});
