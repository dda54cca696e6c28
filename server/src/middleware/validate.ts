import type { Context, MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
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
function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Checks the route's path parameters against a shared schema (a malformed id is the caller's mistake: 400). */
function readParams<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
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

type Target = 'query' | 'param' | 'json';
type Validated<T extends Target, S extends z.ZodType> = MiddlewareHandler<
  any, // the route's own Env flows through
  string,
  { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }
>;

/**
 * One schema, two jobs: the middleware checks the request part with it (the API's 400/415 as the
 * readers above give them) and hands the handler `c.req.valid(target)`, and the OpenAPI document
 * describes that part from the very same schema, so the two cannot drift.
 */
function validated<T extends Target, S extends z.ZodType>(target: T, schema: S, read: (c: Context) => Promise<z.output<S>> | z.output<S>) {
  const middleware: MiddlewareHandler = async (c, next) => {
    c.req.addValidatedData(target, (await read(c)) as object);
    await next();
  };
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } }) as unknown as Validated<T, S>;
}

export const query = <S extends z.ZodType>(schema: S) => validated('query', schema, (c) => readQuery(c, schema));
export const params = <S extends z.ZodType>(schema: S) => validated('param', schema, (c) => readParams(c, schema));
export const json = <S extends z.ZodType>(schema: S) => validated('json', schema, (c) => readJson(c, schema));
