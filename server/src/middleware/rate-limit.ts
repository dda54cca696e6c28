import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { requestQuota } from '../db/schema/index';
import { AppError } from './errors';
import { RATE_LIMITS, type RateLimitName } from '../config/rate-limits';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a little and try again.';

/** A fixed-window counter: this request's number in its key's window, and when that window began. */
export interface QuotaCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; windowStartedMs: number }>;
}

/**
 * Counts in the database, so every server process on it shares one count (DESIGN.md: app servers
 * hold no state). One atomic upsert per request: the window restarts once it has passed, otherwise
 * the count goes up.
 */
export function databaseQuota(db: Db): QuotaCounter {
  return {
    async hit(key, windowMs) {
      const windowStart = new Date(Date.now() - windowMs).toISOString();
      // prepared (the same statement for every key): a rate-limited route pays one small write for it
      const [row] = await executePrepared<{ count: number; windowStartedMs: number }>(
        db,
        sql`insert into ${requestQuota} as q (key, count, window_started_at) values (${key}, 1, now())
            on conflict (key) do update set
              count = case when q.window_started_at > ${windowStart}::timestamptz then q.count + 1 else 1 end,
              window_started_at = case when q.window_started_at > ${windowStart}::timestamptz then q.window_started_at else now() end
            returning q.count, (extract(epoch from q.window_started_at) * 1000)::float8 as "windowStartedMs"`,
      );
      return row ?? { count: 1, windowStartedMs: Date.now() };
    },
  };
}

/** Windows kept before the ended ones are swept out (checked every this many hits). */
const SWEEP_EVERY = 1000;

/**
 * Counts in this process's memory. Only for the embedded database: PGlite lives inside the one
 * server process there is (WORKERS is refused without DATABASE_URL), so a count in memory is the
 * count. It spares every limited request a statement on PGlite's single connection, which all
 * requests queue for: a message send went from two statements to one. A restart starts every
 * window afresh.
 */
export function memoryQuota(now: () => number = Date.now): QuotaCounter {
  const windows = new Map<string, { count: number; startedAt: number; endsAt: number }>();
  let hits = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      if (++hits % SWEEP_EVERY === 0) for (const [k, w] of windows) if (w.endsAt <= at) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.endsAt <= at) windows.set(key, (w = { count: 0, startedAt: at, endsAt: at + windowMs }));
      w.count++;
      return { count: w.count, windowStartedMs: w.startedAt };
    },
  };
}

/** The counter for this database: shared through PostgreSQL, in memory beside PGlite. */
export const quotaCounter = (database: Database): QuotaCounter =>
  database.kind === 'postgres' ? databaseQuota(database.db) : memoryQuota();

/**
 * Counts one more of `limit` (config/rate-limits.ts) for `key`; past its count in the window, a 429
 * in `message` (the product's words) whose Retry-After says when the window ends.
 */
export async function spend(quota: QuotaCounter, limit: RateLimitName, key: string, message: string = TOO_MANY_REQUESTS) {
  const { max, windowMs } = RATE_LIMITS[limit];
  const row = await quota.hit(`${limit}:${key}`, windowMs);
  if (row.count > max) {
    const retryAfter = Math.max(1, Math.ceil((row.windowStartedMs + windowMs - Date.now()) / 1000));
    throw new AppError(429, 'TOO_MANY_REQUESTS', message, undefined, { 'Retry-After': String(retryAfter) });
  }
}

/** Refuses a key's requests past its `limit` (config/rate-limits.ts) with 429 and Retry-After. */
export function rateLimit(opts: { quota: QuotaCounter; limit: RateLimitName; key: (c: Context) => string; message?: string }) {
  return createMiddleware(async (c, next) => {
    await spend(opts.quota, opts.limit, opts.key(c), opts.message);
    await next();
  });
}
