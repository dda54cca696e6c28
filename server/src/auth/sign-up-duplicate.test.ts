import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { user } from '../db/schema/index';

/**
 * A sign-up for an address that has an account answers as one for a new address does (200, "check
 * your email", nothing mailed to it): no answer tells which addresses are registered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIGN_UP = '/api/auth/sign-up/email';
let n = 0;
const fresh = () => `signup.${Date.now().toString(36)}.${n++}@example.com`;
const signUp = (app: TestApp, email: string, password = 'correct-horse-1') =>
  client(app).post(SIGN_UP, { email, password, isAdult: true, acceptTerms: true });

/** An answer less what differs between any two sign-ups (the address, the account's id and times). */
const shape = (res: { status: number; json: any }) => ({
  status: res.status,
  body: {
    ...res.json,
    user: {
      ...res.json?.user,
      email: typeof res.json?.user?.email,
      name: typeof res.json?.user?.name,
      id: typeof res.json?.user?.id,
      createdAt: typeof res.json?.user?.createdAt,
      updatedAt: typeof res.json?.user?.updatedAt,
    },
  },
});
const accounts = async (email: string) => (await t.database.db.select({ n: count() }).from(user).where(eq(user.email, email)))[0]!.n;
const mailsTo = async (email: string) => (await t.mailer.outbox()).filter((m) => m.to === email).length;

describe('sign-up for an address in use', () => {
  it('answers field for field as a sign-up for a new address does', async () => {
    const email = fresh();
    const first = await signUp(t, email);
    const again = await signUp(t, email, 'another-horse-2');
    const other = await signUp(t, fresh());
    expect(first.status).toBe(200);
    expect(shape(again)).toEqual(shape(first));
    expect(shape(other)).toEqual(shape(first));
    expect(again.json.user.email).toBe(email);
    expect(await accounts(email)).toBe(1);
    expect(await mailsTo(email)).toBe(1);
  });
});
