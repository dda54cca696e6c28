import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { testPasswordHashing } from '../../test/test-password';
import { createApp } from '../app';
import { user } from '../db/schema/index';
import { createLogger } from '../logger';
import { createLocalStorage } from '../storage/local-storage';
import type { PasswordHashing } from './auth';

/**
 * A sign-up for an address that has an account answers as one for a new address does (200, "check
 * your email", nothing mailed to it): no answer tells which addresses are registered.
 */
let t: TestApp;
/** The same app on the same database and mailer, hashing through the barrier below. */
let held: TestApp;
let closeHeld: (() => Promise<void>) | undefined;

/**
 * better-auth's sign-up looks the address up, hashes the password, then creates the account. This
 * hasher makes the next `holdFor` hashes wait for each other, so sign-ups that reach it together have
 * all looked the address up before any of them creates the account, however the database orders them.
 */
let holdFor = 0;
let waiting: (() => void)[] = [];
const barrierHashing: PasswordHashing = {
  async hash(password) {
    if (holdFor > 0) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length < holdFor) return;
        for (const go of waiting) go();
        waiting = [];
        holdFor = 0;
      });
    }
    return testPasswordHashing.hash(password);
  },
  verify: (data) => testPasswordHashing.verify(data),
};

beforeAll(async () => {
  t = await createTestApp();
  const built = createApp({
    config: t.config,
    database: t.database,
    mailer: t.mailer,
    storage: createLocalStorage(path.join(t.dataDir, 'uploads')),
    log: createLogger('silent'),
    passwordHashing: barrierHashing,
  });
  held = { ...t, app: built.app, auth: built.auth, sessions: built.sessions };
  closeHeld = () => built.sessions.close();
});
afterAll(async () => {
  await closeHeld?.();
  await t.close();
});

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

describe('two sign-ups for one new address at the same moment', () => {
  it('both get the answer of a sign-up for an address in use (not 422 "Failed to create user"); one account, one mail', async () => {
    const email = fresh();
    holdFor = 2;
    const [a, b] = await Promise.all([signUp(held, email), signUp(held, email, 'another-horse-2')]);
    // both passed the barrier: each had looked the address up before either created the account
    expect(holdFor).toBe(0);
    const later = await signUp(t, email);
    expect(later.status).toBe(200);
    expect(shape(a)).toEqual(shape(later));
    expect(shape(b)).toEqual(shape(later));
    expect([a.json.user.email, b.json.user.email]).toEqual([email, email]);
    expect(await accounts(email)).toBe(1);
    expect(await mailsTo(email)).toBe(1);
  });
});
