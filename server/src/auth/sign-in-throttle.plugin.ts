import type { BetterAuthPlugin, GenericEndpointContext as Ctx } from 'better-auth';
import { APIError, createAuthMiddleware, getIP, isAPIError } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { normaliseEmail } from '@velvet/core/schemas/credentials.schema';
import type { Db } from '../db/client';
import { signInAlert, signInAttempt } from '../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { actionMail } from '../mail/templates';

const MAX = limits.signInThrottle.maxAttempts;
// the database clock only, so instances with slightly different clocks agree
const WINDOW = sql.raw(`interval '${Number(limits.signInThrottle.windowMinutes)} minutes'`);
const inWindow = sql`${signInAttempt.windowStartedAt} > now() - ${WINDOW}`;
/** One attempt in this many also sweeps out the rows whose window has ended. */
const SWEEP_ONE_IN = 100;

export interface SignInThrottleOptions {
  mailer: Mailer;
  siteName: string;
  /** Where the alert's "choose a new password" link goes: the forgot-password page. */
  forgotPasswordUrl: string;
}

/**
 * Spec §9: at most 5 failed password sign-ins per email in 15 minutes, counted per email AND client
 * address (better-auth's address: the app's client-IP header, an IPv6 address by its /64), in the
 * database, so every server instance shares one count.
 *
 * Counted per email alone, anyone could lock a member out with six wrong passwords every 15
 * minutes. Per address, a failing address is refused while the member signing in from an address
 * that has not been failing always gets in. A member whose password is being guessed from other
 * addresses (more than 5 failures in the window, from 2 addresses or more) is told by mail, at most
 * once per window. Guesses from one address across many accounts meet better-auth's own per-address
 * limit on /sign-in (when RATE_LIMITS is on).
 *
 * Each attempt takes its place in the count atomically BEFORE the password is checked, so a burst
 * of parallel guesses cannot all slip past the check; an attempt that turns out not to be a wrong
 * password gives its place back (success clears the count of that address).
 */
export function signInThrottle(db: Db, opts: SignInThrottleOptions): BetterAuthPlugin {
  const isSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';
  const emailOf = (ctx: { body?: unknown }) => {
    const raw = (ctx.body as { email?: unknown } | undefined)?.email;
    return typeof raw === 'string' ? normaliseEmail(raw) : undefined;
  };
  const addressOf = (ctx: Ctx) => {
    const source = ctx.request ?? ctx.headers;
    return (source && getIP(source, ctx.context.options)) || 'unknown';
  };
  const thisAttempt = (email: string, address: string) => and(eq(signInAttempt.email, email), eq(signInAttempt.address, address));

  /** Mails the member when their account is being guessed at from several addresses, once per window. */
  async function alertIfAttacked(ctx: Ctx, email: string) {
    const [seen] = await db
      .select({
        failures: sql<number>`coalesce(sum(least(${signInAttempt.failures}, ${MAX})), 0)::int`,
        addresses: sql<number>`count(*)::int`,
      })
      .from(signInAttempt)
      .where(and(eq(signInAttempt.email, email), inWindow));
    if (!seen || seen.failures <= MAX || seen.addresses < 2) return;
    // one instance wins the right to mail in this window
    const claimed = await db
      .insert(signInAlert)
      .values({ email, sentAt: sql`now()` })
      .onConflictDoUpdate({
        target: signInAlert.email,
        set: { sentAt: sql`now()` },
        setWhere: sql`${signInAlert.sentAt} <= now() - ${WINDOW}`,
      })
      .returning({ email: signInAlert.email });
    if (claimed.length === 0) return;
    const member = await ctx.context.internalAdapter.findUserByEmail(email);
    if (!member) return;
    const words = messages.mail.signInAlert;
    opts.mailer.sendLater({
      to: member.user.email,
      subject: words.subject(opts.siteName),
      ...actionMail({
        siteName: opts.siteName,
        heading: words.heading,
        intro: `${words.intro}\n\n${words.advice}`,
        action: words.action,
        url: opts.forgotPasswordUrl,
        footer: words.footer,
      }),
    });
  }

  return {
    id: 'velvet-sign-in-throttle',
    hooks: {
      before: [
        {
          matcher: isSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx);
            if (!email) return;
            const address = addressOf(ctx);
            if (Math.random() * SWEEP_ONE_IN < 1) await db.delete(signInAttempt).where(sql`not (${inWindow})`);
            const [row] = await db
              .insert(signInAttempt)
              .values({ email, address, failures: 1, windowStartedAt: sql`now()` })
              .onConflictDoUpdate({
                target: [signInAttempt.email, signInAttempt.address],
                set: {
                  failures: sql`case when ${inWindow} then ${signInAttempt.failures} + 1 else 1 end`,
                  windowStartedAt: sql`case when ${inWindow} then ${signInAttempt.windowStartedAt} else now() end`,
                },
              })
              .returning({
                failures: signInAttempt.failures,
                secondsLeft: sql<number>`ceil(extract(epoch from (${signInAttempt.windowStartedAt} + ${WINDOW} - now())))::int`,
              });
            if (row && row.failures > MAX) {
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
            const address = addressOf(ctx);
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) {
              await db.delete(signInAttempt).where(thisAttempt(email, address));
            } else if (returned.statusCode !== 401) {
              // not a wrong password (e.g. email not confirmed yet): give the place back
              await db
                .update(signInAttempt)
                .set({ failures: sql`greatest(${signInAttempt.failures} - 1, 0)` })
                .where(thisAttempt(email, address));
            } else {
              await alertIfAttacked(ctx, email);
            }
          }),
        },
      ],
    },
  };
}
