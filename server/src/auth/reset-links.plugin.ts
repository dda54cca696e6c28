import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import { normaliseEmail } from '@velvet/core/schemas/credentials.schema';
import { RATE_LIMITS } from '../config/rate-limits';
import type { Db } from '../db/client';
import { verification } from '../db/schema/index';
import type { Logger } from '../logger';
import type { QuotaCounter } from '../middleware/rate-limit';

/** better-auth keeps each password-reset link as a verification row `reset-password:<token>` → user id. */
const RESET_LINK = 'reset-password:%';

/** better-auth's answer to every reset request, whether or not the address has an account. */
const RESET_ANSWER = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

const ACCOUNT_CAP = 'auth:password-reset-account';

/** Deletes every outstanding password-reset link of a member. */
export async function forgetResetLinks(db: Db, userId: string) {
  await db.delete(verification).where(and(like(verification.identifier, RESET_LINK), eq(verification.value, userId)));
}

/** The cap on reset mails to one account (config/rate-limits.ts), counted where every server process sees it. */
export interface ResetMailCap {
  quota: QuotaCounter;
  log?: Logger;
}

/**
 * A new password makes every reset link of the account worthless: an older link (mailed to an
 * inbox that was read by someone else, say) must not set the password again after the member
 * changed it. better-auth spends only the link that was used; this removes the rest after a
 * password change (here) and after a reset (emailAndPassword.onPasswordReset in auth.ts).
 *
 * With `cap`, an address gets at most RATE_LIMITS['auth:password-reset-account'] reset mails in its
 * window, however many client addresses ask (better-auth's own rule counts per client address only).
 * Every request for an address counts, registered or not, before better-auth looks the address up:
 * the work is the same either way, so neither the answer nor its time tells whether an account
 * exists. Past the cap the request gets better-auth's usual answer and no link is made or mailed.
 */
export function resetLinks(db: Db, cap?: ResetMailCap): BetterAuthPlugin {
  return {
    id: 'velvet-reset-links',
    hooks: {
      before: cap
        ? [
            {
              // after input-rules.plugin.ts, which refuses a missing or malformed address first
              matcher: (ctx) => ctx.path === '/request-password-reset',
              handler: createAuthMiddleware(async (ctx) => {
                const email = (ctx.body as { email?: unknown } | undefined)?.email;
                if (typeof email !== 'string') return;
                const { max, windowMs } = RATE_LIMITS[ACCOUNT_CAP];
                const { count } = await cap.quota.hit(`${ACCOUNT_CAP}:${normaliseEmail(email)}`, windowMs);
                if (count <= max) return;
                cap.log?.info({ limit: ACCOUNT_CAP, count }, 'password reset mail not sent: the account has had its reset mails for now');
                return ctx.json(RESET_ANSWER);
              }),
            },
          ]
        : [],
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-password',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { user?: { id?: unknown } } | undefined;
            if (isAPIError(returned)) return;
            const userId = returned?.user?.id;
            if (typeof userId === 'string') await forgetResetLinks(db, userId);
          }),
        },
      ],
    },
  };
}
