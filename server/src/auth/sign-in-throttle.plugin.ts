import type { BetterAuthPlugin, GenericEndpointContext as Ctx } from 'better-auth';
import { APIError, createAuthMiddleware, getIP, isAPIError } from 'better-auth/api';
import { and, eq, sql } from 'drizzle-orm';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { normaliseEmail } from '@velvet/core/schemas/credentials.schema';
import type { Db } from '../db/client';
import { signInAddress, signInAlert, signInAttempt } from '../db/schema/index';
import type { Mailer } from '../mail/mailer';
import { actionMail } from '../mail/templates';

const MAX = limits.signInThrottle.maxAttempts;
const ADDRESS_MAX = limits.signInAddressThrottle.maxFailures;
// the database clock only, so instances with slightly different clocks agree
const minutes = (n: number) => sql.raw(`interval '${Number(n)} minutes'`);
const WINDOW = minutes(limits.signInThrottle.windowMinutes);
const ADDRESS_WINDOW = minutes(limits.signInAddressThrottle.windowMinutes);
const inWindow = sql`${signInAttempt.windowStartedAt} > now() - ${WINDOW}`;
const addressInWindow = sql`${signInAddress.windowStartedAt} > now() - ${ADDRESS_WINDOW}`;
/** Rows whose window has ended that each attempt sweeps out, oldest first (more than it can add). */
const SWEEP_ROWS = 10;

function throttled(code: 'SIGN_IN_THROTTLED' | 'SIGN_IN_THROTTLED_ADDRESS', words: (minutes: number) => string, secondsLeft: number) {
  const minutes = Math.max(1, Math.ceil(Number(secondsLeft) / 60));
  return new APIError('TOO_MANY_REQUESTS', { code, message: words(minutes), retryAfterMinutes: minutes });
}

export interface SignInThrottleOptions {
  mailer: Mailer;
  siteName: string;
  /** Where the alert's "choose a new password" link goes: the forgot-password page. */
  forgotPasswordUrl: string;
}

/**
 * Two limits on failed password sign-ins, counted in the database so every server instance shares
 * them, each with its own message:
 *
 * - per account, tight (spec §9: 5 failures in 15 minutes), counted per email AND client address
 *   (better-auth's address: the app's client-IP header, an IPv6 address by its /64). Counted per email
 *   alone, anyone could lock a member out with six wrong passwords; per address, a failing address is
 *   refused while the member signing in from an address that has not been failing always gets in.
 * - per address, generous (100 failures to any accounts in 15 minutes): a mobile network puts
 *   thousands of members behind one address, so this only stops one address guessing at many
 *   accounts. A member's own refused attempts (over their account's limit) do not count against it.
 *
 * A member whose password is being guessed from other addresses (more than 5 failures in the
 * window, from 2 addresses or more) is told by mail, at most once per window.
 *
 * Each attempt takes its places in both counts atomically BEFORE the password is checked, so a burst
 * of parallel guesses cannot all slip past the check; an attempt that turns out not to be a wrong
 * password gives its places back (success also clears the count of that account and address).
 * Each attempt then sweeps out a few rows whose window has ended, oldest first by their index:
 * more than it can add, so the tables hold little more than the live windows.
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

  async function giveBackAddressPlace(address: string) {
    await db
      .update(signInAddress)
      .set({ failures: sql`greatest(${signInAddress.failures} - 1, 0)` })
      .where(eq(signInAddress.address, address));
  }

  /** Deletes a few rows whose window has ended, oldest first (each table by its time index). */
  async function sweep() {
    await db.execute(sql`delete from ${signInAttempt} where ctid = any(array(
      select ctid from ${signInAttempt} where ${signInAttempt.windowStartedAt} <= now() - ${WINDOW}
      order by ${signInAttempt.windowStartedAt} limit ${SWEEP_ROWS}))`);
    await db.execute(sql`delete from ${signInAddress} where ctid = any(array(
      select ctid from ${signInAddress} where ${signInAddress.windowStartedAt} <= now() - ${ADDRESS_WINDOW}
      order by ${signInAddress.windowStartedAt} limit ${SWEEP_ROWS}))`);
    await db.execute(sql`delete from ${signInAlert} where ctid = any(array(
      select ctid from ${signInAlert} where ${signInAlert.sentAt} <= now() - ${WINDOW}
      order by ${signInAlert.sentAt} limit ${SWEEP_ROWS}))`);
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
            const [place] = await db
              .insert(signInAddress)
              .values({ address, failures: 1, windowStartedAt: sql`now()` })
              .onConflictDoUpdate({
                target: signInAddress.address,
                set: {
                  failures: sql`case when ${addressInWindow} then ${signInAddress.failures} + 1 else 1 end`,
                  windowStartedAt: sql`case when ${addressInWindow} then ${signInAddress.windowStartedAt} else now() end`,
                },
              })
              .returning({
                failures: signInAddress.failures,
                secondsLeft: sql<number>`ceil(extract(epoch from (${signInAddress.windowStartedAt} + ${ADDRESS_WINDOW} - now())))::int`,
              });
            if (place && place.failures > ADDRESS_MAX) {
              await giveBackAddressPlace(address);
              throw throttled('SIGN_IN_THROTTLED_ADDRESS', messages.signIn.throttledAddress, place.secondsLeft);
            }
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
              // the account's limit, not the address's: this refusal is no guess at anyone's password
              await giveBackAddressPlace(address);
              throw throttled('SIGN_IN_THROTTLED', messages.signIn.throttled, row.secondsLeft);
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
            if (isAPIError(returned) && returned.body?.code?.startsWith('SIGN_IN_THROTTLED')) {
              // refused before the password was checked: nothing to give back
            } else if (!isAPIError(returned)) {
              await db.delete(signInAttempt).where(thisAttempt(email, address));
              await giveBackAddressPlace(address);
            } else if (returned.statusCode !== 401) {
              // not a wrong password (e.g. email not confirmed yet): give the places back
              await db
                .update(signInAttempt)
                .set({ failures: sql`greatest(${signInAttempt.failures} - 1, 0)` })
                .where(thisAttempt(email, address));
              await giveBackAddressPlace(address);
            } else {
              await alertIfAttacked(ctx, email);
            }
            await sweep();
          }),
        },
      ],
    },
  };
}
