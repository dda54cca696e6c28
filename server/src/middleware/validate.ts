import type { Context } from 'hono';
import type { z } from 'zod';
import { messages } from '@velvet/core/messages';
import { AppError } from './errors';

/** A failed parse as the API's 400: the first message, and one per field. */
function validationError(error: z.ZodError): AppError {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    details[key] ??= issue.message;
  }
  return new AppError(400, 'VALIDATION_FAILED', error.issues[0]?.message ?? messages.errors.badRequest, details);
}

/** Checks a request's query string against a shared schema (unknown keys are ignored). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Checks the route's path parameters against a shared schema (a malformed id is the caller's mistake: 400). */
export function readParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Reads a JSON body and checks it against a shared schema; a member's mistake is a 4xx, never a 500. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.errors.unsupportedMediaType);
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError(400, 'MALFORMED_JSON', messages.errors.badRequest);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
