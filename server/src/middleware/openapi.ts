import type { MiddlewareHandler } from 'hono';
import { describeRoute, resolver, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import type { z } from 'zod';
import { apiErrorBodySchema } from '@velvet/core/schemas/api.schema';
import { canModerate, isAdmin } from '@velvet/core/constants/roles';
import { messages } from '@velvet/core/messages';
import { AppError } from './errors';
import { requireUser, type AppEnv } from './session';

/** How a route is described in /api/openapi.json: what it is for, and what it answers. */
export interface RouteDoc {
  summary: string;
  /** the schema of the JSON it answers with; without one (and no `content`) the route answers 204 with no body */
  response?: z.ZodType;
  /** a body that is not JSON (an upload), as OpenAPI describes it */
  requestBody?: DescribeRouteOptions['requestBody'];
  /** an answer that is not JSON (a file), as OpenAPI describes its content */
  content?: Record<string, { schema: { type: 'string'; format: 'binary' } }>;
  /** the success status (200 unless told) */
  status?: 200 | 201;
  /** false for the few routes a signed-out visitor may call */
  signedIn?: boolean;
  /** a route for moderators (moderators and admins) or admins only: everyone else gets 403 before anything is read */
  role?: 'moderator' | 'admin';
  /** error statuses beyond 400 (bad input: added where a validator runs) and 401 (signed out) that a caller should expect */
  errors?: Partial<Record<403 | 404 | 409 | 413 | 415 | 416 | 429 | 503, string>>;
}

/** The 400 every route with a validator (middleware/validate.ts) may answer. */
export const validationErrorResponse = {
  description: 'The request is not valid: the message says why, and details name each field',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

const error = (description: string) => ({ description, content: { 'application/json': { schema: resolver(apiErrorBodySchema) } } });

/**
 * A route's OpenAPI description (its request parts are described by the validators of
 * middleware/validate.ts), and the sign-in and role it states: a route described as signed-in answers
 * 401 to a visitor, and one for a role 403 to everyone else, before anything else is read, so the 401
 * and 403 in the document are the ones the route gives.
 */
export function describe(tag: string, doc: RouteDoc): MiddlewareHandler<AppEnv> {
  const status = doc.status ?? 200;
  const signedIn = doc.signedIn ?? true;
  const described = describeRoute({
    tags: [tag],
    summary: doc.summary,
    ...(signedIn ? {} : { security: [] }),
    ...(doc.requestBody ? { requestBody: doc.requestBody } : {}),
    responses: {
      [doc.response || doc.content ? status : 204]: doc.response
        ? { description: 'OK', content: { 'application/json': { schema: resolver(doc.response) } } }
        : doc.content
          ? { description: 'OK', content: doc.content }
          : { description: 'Done' },
      ...(signedIn ? { 401: error('Not signed in') } : {}),
      ...(doc.role ? { 403: error(doc.role === 'admin' ? 'Not an admin' : 'Not a moderator') } : {}),
      ...Object.fromEntries(Object.entries(doc.errors ?? {}).map(([code, description]) => [code, error(description)])),
    },
  });
  const enforced: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (signedIn || doc.role) {
      const user = requireUser(c);
      const allowed = doc.role === 'admin' ? isAdmin(user.role) : doc.role === 'moderator' ? canModerate(user.role) : true;
      if (!allowed) throw new AppError(403, 'FORBIDDEN', messages.errors.forbidden);
    }
    await next();
  };
  return Object.assign(enforced, { [uniqueSymbol]: (described as unknown as Record<symbol, unknown>)[uniqueSymbol] });
}
