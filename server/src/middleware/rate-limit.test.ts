import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { contactMessages } from '../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', TRUSTED_PROXY_HEADER: 'x-forwarded-for' });
});
afterAll(() => t.close());

const message = { name: 'Sam', email: 'sam@example.com', message: 'Hello there' };

describe('rate limits', () => {
  it('lets one address send five contact messages an hour, then refuses with 429 and stores nothing more', async () => {
    const c = client(t);
    const from = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < 5; i++) expect((await c.post('/api/v1/contact', message, from)).status).toBe(201);
    const refused = await c.post('/api/v1/contact', message, from);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('TOO_MANY_REQUESTS');
    // the hour's window has only just started
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    const [stored] = await t.database.db.select({ n: count() }).from(contactMessages);
    expect(stored!.n).toBe(5);
  });

  it('counts each client address on its own', async () => {
    const res = await client(t).post('/api/v1/contact', message, { 'x-forwarded-for': '198.51.100.9' });
    expect(res.status).toBe(201);
  });

  it('limits sign-up attempts per address through the auth library, stored in the database', async () => {
    const c = client(t);
    const from = { 'x-forwarded-for': '192.0.2.44' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await c.post(
        '/api/auth/sign-up/email',
        { email: `rl${i}@example.com`, password: 'correct-horse-1', isAdult: true, acceptTerms: true },
        from,
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
  });
});
