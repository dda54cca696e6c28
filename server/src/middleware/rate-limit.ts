import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
    const windowStart = new Date(Date.now() - opts.windowMs);
    const [row] = await opts.db
      .insert(requestQuota)
      .values({ key, count: 1, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: requestQuota.key,
        set: {
          count: sql`case when ${requestQuota.windowStartedAt} > ${windowStart} then ${requestQuota.count} + 1 else 1 end`,
          windowStartedAt: sql`case when ${requestQuota.windowStartedAt} > ${windowStart} then ${requestQuota.windowStartedAt} else now() end`,
        },
      })
      .returning({ count: requestQuota.count, windowStartedAt: requestQuota.windowStartedAt });
    if (row && row.count > opts.max) {
      const retryAfter = Math.max(1, Math.ceil((row.windowStartedAt.getTime() + opts.windowMs - Date.now()) / 1000));
      c.header('Retry-After', String(retryAfter));
      throw new AppError(429, 'TOO_MANY_REQUESTS', TOO_MANY_REQUESTS);
    }
    await next();
  });
}
