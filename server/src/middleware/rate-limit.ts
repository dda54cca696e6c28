import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { requestQuota } from '../db/schema/index';
import { AppError } from './errors';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a little and try again.';

/**
 * A fixed-window limit kept in the database (so every instance shares it). One atomic upsert per
 * request: the window restarts once it has passed, otherwise the count goes up.
 */
export function rateLimit(opts: { db: Db; name: string; max: number; windowMs: number; key: (c: Context) => string }) {
  return createMiddleware(async (c, next) => {
    const key = `${opts.name}:${opts.key(c)}`;
    const windowStart = new Date(Date.now() - opts.windowMs).toISOString();
    // prepared (the same statement for every key): a rate-limited route pays one small write for it
    const [row] = await executePrepared<{ count: number; windowStartedMs: number }>(
      opts.db,
      sql`insert into ${requestQuota} as q (key, count, window_started_at) values (${key}, 1, now())
          on conflict (key) do update set
            count = case when q.window_started_at > ${windowStart}::timestamptz then q.count + 1 else 1 end,
            window_started_at = case when q.window_started_at > ${windowStart}::timestamptz then q.window_started_at else now() end
          returning q.count, (extract(epoch from q.window_started_at) * 1000)::float8 as "windowStartedMs"`,
    );
    if (row && row.count > opts.max) {
      const retryAfter = Math.max(1, Math.ceil((row.windowStartedMs + opts.windowMs - Date.now()) / 1000));
      c.header('Retry-After', String(retryAfter));
      throw new AppError(429, 'TOO_MANY_REQUESTS', TOO_MANY_REQUESTS);
    }
    await next();
  });
}
