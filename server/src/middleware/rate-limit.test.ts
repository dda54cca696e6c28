import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client } from '../../test/http';
import { contactMessages } from '../db/schema/index';
import { databaseQuota, memoryQuota, quotaCounter } from './rate-limit';

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

describe('quota counters', () => {
  let n = 0;
  const key = () => `test:${Date.now().toString(36)}:${n++}`;

  it('in the database: two counters on one database share each key’s count, as two processes would', async () => {
    const a = databaseQuota(t.database.db);
    const b = databaseQuota(t.database.db);
    const k = key();
    expect((await a.hit(k, 60_000)).count).toBe(1);
    expect((await b.hit(k, 60_000)).count).toBe(2);
    expect((await a.hit(k, 60_000)).count).toBe(3);
    expect((await b.hit(key(), 60_000)).count).toBe(1);
  });

  it('in the database: a window that has passed starts again at one', async () => {
    const q = databaseQuota(t.database.db);
    const k = key();
    await q.hit(k, 1000);
    const second = await q.hit(k, 1000);
    expect(second.count).toBe(2);
    await new Promise((r) => setTimeout(r, 1100));
    const fresh = await q.hit(k, 1000);
    expect(fresh.count).toBe(1);
    expect(fresh.windowStartedMs).toBeGreaterThan(second.windowStartedMs);
  });

  it('in memory: counts per key and starts a new window once the last one ended', async () => {
    let now = 1_000_000;
    const q = memoryQuota(() => now);
    expect(await q.hit('a', 1000)).toEqual({ count: 1, windowStartedMs: 1_000_000 });
    now += 999;
    expect(await q.hit('a', 1000)).toEqual({ count: 2, windowStartedMs: 1_000_000 });
    expect((await q.hit('b', 1000)).count).toBe(1);
    now += 1;
    expect(await q.hit('a', 1000)).toEqual({ count: 1, windowStartedMs: 1_001_000 });
    expect((await q.hit('b', 1000)).count).toBe(2);
  });

  it('for this database: PostgreSQL shares one count between app instances, the embedded database counts in its one process', async () => {
    const first = quotaCounter(t.database);
    const second = quotaCounter(t.database);
    const k = key();
    await first.hit(k, 60_000);
    const seen = await second.hit(k, 60_000);
    expect(seen.count).toBe(t.database.kind === 'postgres' ? 2 : 1);
  });
});
