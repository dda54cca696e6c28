import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import type { Db } from '../db/client';
import { session } from '../db/schema/index';

/** Routes whose JSON answer carries a session token (top level, in `session`, or in each listed session). */
const ANSWERS_WITH_TOKENS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/get-session',
  '/list-sessions',
  '/update-session',
  '/change-password',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function withoutToken(value: Record<string, unknown>): Record<string, unknown> {
  const { token: _token, ...rest } = value;
  return rest;
}

/** The answer with every session token taken out: the browser holds its session in an httpOnly cookie. */
function stripTokens(answer: object | null): object | null {
  if (Array.isArray(answer)) return answer.map((item: unknown) => (isObject(item) ? withoutToken(item) : item));
  if (!isObject(answer)) return answer;
  const stripped = withoutToken(answer);
  if (isObject(stripped.session)) stripped.session = withoutToken(stripped.session);
  return stripped;
}

/**
 * Session tokens stay out of response bodies. A token is the session itself: the web app never
 * needs it (the session cookie is httpOnly so that page scripts cannot read it), and a body is
 * easier to leak than a cookie (logs, caches, an injected script). Only answers to HTTP requests are
 * changed: the server's own calls (auth.api.getSession) still see the whole session.
 *
 * Signing one device out takes the session's id instead (`POST /revoke-session { sessionId }`, as
 * list-sessions shows it). The id is looked up to its token and better-auth's own revoke-session
 * does the rest, including refusing a session that is not the member's.
 */
export function sessionTokens(db: Db): BetterAuthPlugin {
  return {
    id: 'velvet-session-tokens',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/revoke-session',
          handler: createAuthMiddleware(async (ctx) => {
            const body = isObject(ctx.body) ? ctx.body : {};
            if (!('sessionId' in body)) return;
            const id = body.sessionId;
            if (typeof id !== 'string' || id.length > 256)
              throw new APIError('BAD_REQUEST', {
                code: 'VALIDATION_FAILED',
                message: messages.errors.badRequest,
                details: { sessionId: messages.errors.badRequest },
              });
            const [row] = await db.select({ token: session.token }).from(session).where(eq(session.id, id));
            // an unknown id revokes nothing, as an unknown token does
            return { context: { body: { token: row?.token ?? '' } } };
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ANSWERS_WITH_TOKENS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!ctx.request || isAPIError(returned) || returned instanceof Response || typeof returned !== 'object') return;
            // (ctx.json takes a list too: list-sessions answers with one)
            return ctx.json(stripTokens(returned) as Record<string, unknown> | null);
          }),
        },
      ],
    },
  };
}
