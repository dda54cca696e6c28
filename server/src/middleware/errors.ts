import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { messages } from '@velvet/core/messages';
import type { ApiErrorBody } from '@velvet/core/schemas/api.schema';
import { databaseUnavailable } from '../db/pool';

/** Seconds a client is told to wait before trying again when the database could not take a request. */
export const BUSY_RETRY_AFTER_S = 5;

/** An error meant for the member: its message is shown as it is. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
    /** headers the answer carries (a 429's Retry-After) */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const errorBody = (code: string, message: string, details?: Record<string, string>): ApiErrorBody => ({
  error: details ? { code, message, details } : { code, message },
});

/** Every failure leaves as `{ error: { code, message } }`; never a stack trace. */
export function handleError(err: Error, c: Context, log: Logger) {
  if (err instanceof AppError) return c.json(errorBody(err.code, err.message, err.details), err.status, err.headers);
  if (err instanceof HTTPException) {
    const status = err.status;
    const code = status === 413 ? 'BODY_TOO_LARGE' : status === 401 ? 'UNAUTHENTICATED' : 'BAD_REQUEST';
    const message =
      status === 413 ? messages.errors.bodyTooLarge : status === 401 ? messages.errors.unauthenticated : messages.errors.badRequest;
    return c.json(errorBody(code, message), status);
  }
  const unavailable = databaseUnavailable(err);
  if (unavailable) {
    // not a bug but a database that could not take the request now (db/pool.ts): the member may retry
    log.warn({ reason: unavailable.message, path: c.req.path }, 'database unavailable');
    c.header('Retry-After', String(BUSY_RETRY_AFTER_S));
    return c.json(errorBody('BUSY', messages.errors.busy), 503);
  }
  log.error({ err, path: c.req.path }, 'unhandled error');
  return c.json(errorBody('INTERNAL', messages.errors.internal), 500);
}
