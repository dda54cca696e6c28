import pg from 'pg';
import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@velvet/core/messages';
import { createLogger } from '../logger';
import { BUSY_RETRY_AFTER_S, handleError } from '../middleware/errors';
import { openDatabase, type Database } from './client';
import { genericPlanPoolOf } from './generic-plans';
import { databaseUnavailable, openPool } from './pool';
import { executePrepared } from './prepared';

// A statement waits a bounded time for a connection (db/pool.ts POOL_WAIT_MS), then the request
// answers 503 BUSY at once, instead of queueing in the process for as long as the database stalls.
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('a pool that has no connection to give (PostgreSQL)', () => {
  let database: Database;
  let pool: pg.Pool;
  beforeAll(async () => {
    // one connection, given up on after a second (a server's default is POOL_WAIT_MS)
    database = await openDatabase({ databaseUrl: url!, poolSize: 1, poolWaitMs: 1_000 });
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
  });
  afterAll(async () => {
    await database.close();
  });

  /** Runs `fn` while every connection of `pools` is checked out, as a stalled database holds them. */
  async function whileHeld<T>(pools: pg.Pool[], fn: () => Promise<T>): Promise<T> {
    // each pool's connection opened before the wait starts, not within the wait's second
    for (const p of pools) await p.query('select 1');
    const held = await Promise.all(pools.map((p) => p.connect()));
    try {
      return await fn();
    } finally {
      for (const client of held) client.release();
    }
  }

  it('gives a waiting statement up as unavailable, leaves nothing queued, and serves the next once a connection is free', async () => {
    const [plain, prepared, generic] = await whileHeld([pool, genericPlanPoolOf(pool)], async () => {
      const failures = await Promise.all([
        database.db.execute(sql`select 1 as one`).catch((e: unknown) => e),
        executePrepared(database.db, sql`select ${1}::int as one`).catch((e: unknown) => e),
        executePrepared(database.db, sql`select ${2}::int as one`, { genericPlan: true }).catch((e: unknown) => e),
      ]);
      // the waiters left the queues: their statements are never sent
      expect(pool.waitingCount).toBe(0);
      expect(genericPlanPoolOf(pool).waitingCount).toBe(0);
      return failures;
    });
    for (const failure of [plain, prepared, generic]) {
      expect(failure).toBeInstanceOf(Error);
      expect(databaseUnavailable(failure)?.message).toBe('timeout exceeded when trying to connect');
    }
    expect((await database.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    expect(await executePrepared(database.db, sql`select ${2}::int as one`, { genericPlan: true })).toEqual([{ one: 2 }]);
  });

  it('answers 503 BUSY with Retry-After, in the product’s words, where a request finds no connection', async () => {
    const app = new Hono();
    app.onError((err, c) => handleError(err, c, createLogger('silent')));
    app.get('/count', async (c) => c.json((await database.db.execute(sql`select 1 as n`)).rows[0]));
    const res = await whileHeld([pool], async () => app.request('/count'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
    expect(await res.json()).toEqual({ error: { code: 'BUSY', message: messages.errors.busy } });
    // with a connection free, the same request is answered
    expect((await app.request('/count')).status).toBe(200);
  });

  it('counts PostgreSQL refusing a connection for now as unavailable, and a failing statement as not', async () => {
    // a role allowed no connections: PostgreSQL refuses each with 53300, as when it has too many
    const role = `velvet_refused_${process.pid}`;
    await pool.query(`create role ${role} login password 'refused' connection limit 0`);
    const refusing = openPool(`postgres://${role}:refused@${new URL(url!).host}/postgres`, 1);
    refusing.on('error', () => undefined);
    try {
      const refused = await refusing.query('select 1').catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: '53300' });
      expect(databaseUnavailable(refused)).toBe(refused);
    } finally {
      await refusing.end();
      await pool.query(`drop role ${role}`);
    }
    const broken = await database.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(Error);
    expect(databaseUnavailable(broken)).toBeNull();
  });
});
