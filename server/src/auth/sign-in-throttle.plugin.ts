import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { normaliseEmail } from '@velvet/core/schemas/credentials.schema';
import type { Db } from '../db/client';
import { signInAttempt } from '../db/schema/index';

// the database clock only, so instances with slightly different clocks agree
const WINDOW = sql.raw(`interval '${Number(limits.signInThrottle.windowMinutes)} minutes'`);
const inWindow = sql`${signInAttempt.windowStartedAt} > now() - ${WINDOW}`;

/**
 * Spec §9: at most 5 failed password sign-ins per email in 15 minutes. Counted in the database,
 * so every server instance and every browser share one count, whatever the client's address.
 *
 * Each attempt takes its place in the count atomically BEFORE the password is checked, so a burst
 * of parallel guesses cannot all slip past the check; an attempt that turns out not to be a wrong
 * password gives its place back (success clears the count).
 */
export function signInThrottle(db: Db): BetterAuthPlugin {
  const isSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';
  const emailOf = (ctx: { body?: unknown }) => {
    const raw = (ctx.body as { email?: unknown } | undefined)?.email;
    return typeof raw === 'string' ? normaliseEmail(raw) : undefined;
  };
  return {
    id: 'velvet-sign-in-throttle',
    hooks: {
      before: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx);
            if (!email) return;
            const [row] = await db
              .insert(signInAttempt)
              .values({ email, failures: 1, windowStartedAt: sql`now()` })
              .onConflictDoUpdate({
                target: signInAttempt.email,
                set: {
                  failures: sql`case when ${inWindow} then ${signInAttempt.failures} + 1 else 1 end`,
                  windowStartedAt: sql`case when ${inWindow} then ${signInAttempt.windowStartedAt} else now() end`,
                },
              })
              .returning({
                failures: signInAttempt.failures,
                secondsLeft: sql<number>`ceil(extract(epoch from (${signInAttempt.windowStartedAt} + ${WINDOW} - now())))::int`,
              });
            if (row && row.failures > limits.signInThrottle.maxAttempts) {
              const minutes = Math.max(1, Math.ceil(Number(row.secondsLeft) / 60));
              throw new APIError('TOO_MANY_REQUESTS', {
                code: 'SIGN_IN_THROTTLED',
                message: messages.signIn.throttled(minutes),
                retryAfterMinutes: minutes,
              });
            }
          }),
        },
      ],
      after: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx);
            if (!email) return;
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) {
              await db.delete(signInAttempt).where(eq(signInAttempt.email, email));
            } else if (returned.statusCode !== 401) {
              // not a wrong password (e.g. email not confirmed yet): give the place back
              await db
                .update(signInAttempt)
                .set({ failures: sql`greatest(${signInAttempt.failures} - 1, 0)` })
                .where(eq(signInAttempt.email, email));
            }
          }),
        },
      ],
    },
  };
}
