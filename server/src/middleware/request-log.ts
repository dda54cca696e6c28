import { createMiddleware } from 'hono/factory';
import type { Logger } from 'pino';

/** One structured line per request: method, path, status, duration. */
export const requestLog = (log: Logger) =>
  createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  });
