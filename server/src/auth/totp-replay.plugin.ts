import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { and, eq, lt } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import type { Db } from '../db/client';
import { totpUsedStep } from '../db/schema/index';

/** A TOTP code is accepted for its own 30 s step and one step either side: remember it that long. */
const REPLAY_WINDOW_MS = 120_000;
const TWO_FACTOR_COOKIE = 'two_factor';
/** The twoFactor plugin's codes: 6 digits (its default, as configured in auth.ts). */
const TOTP_CODE = /^\d{6}$/;

/**
 * better-auth accepts the same TOTP code again within its time step. This plugin claims each
 * (member, code) pair before verification and refuses a second use, closing the replay.
 */
export function totpReplayGuard(db: Db): BetterAuthPlugin {
  const isVerify = (ctx: { path?: string }) => ctx.path === '/two-factor/verify-totp';

  async function memberOf(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
    const session = await getSessionFromCtx(ctx).catch(() => null);
    if (session) return session.user.id;
    const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return undefined;
    const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
    return pending?.value;
  }

  // Only something shaped like a TOTP code can pass verification, so only that needs claiming: anything
  // else (100 KB of text, a NUL byte PostgreSQL cannot store) never reaches the claim table.
  const codeOf = (ctx: { body?: unknown }) => {
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    const trimmed = typeof code === 'string' ? code.trim() : undefined;
    return trimmed && TOTP_CODE.test(trimmed) ? trimmed : undefined;
  };

  return {
    id: 'velvet-totp-replay-guard',
    hooks: {
      before: [
        {
          matcher: isVerify,
          handler: createAuthMiddleware(async (ctx) => {
            const code = codeOf(ctx);
            const userId = await memberOf(ctx);
            if (!code || !userId) return;
            const staleBefore = new Date(Date.now() - REPLAY_WINDOW_MS);
            await db.delete(totpUsedStep).where(lt(totpUsedStep.usedAt, staleBefore));
            // Claim the code atomically; a concurrent or later use of the same code finds it taken.
            const claimed = await db
              .insert(totpUsedStep)
              .values({ userId, code })
              .onConflictDoNothing()
              .returning({ code: totpUsedStep.code });
            if (claimed.length === 0) {
              throw new APIError('UNAUTHORIZED', { code: 'TOTP_CODE_REUSED', message: messages.account.codeReused });
            }
          }),
        },
      ],
      after: [
        {
          matcher: isVerify,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || returned.body?.code === 'TOTP_CODE_REUSED') return;
            const code = codeOf(ctx);
            const userId = await memberOf(ctx);
            if (!code || !userId) return;
            // A refused code was never used: release it so the member can type it again.
            await db.delete(totpUsedStep).where(and(eq(totpUsedStep.userId, userId), eq(totpUsedStep.code, code)));
          }),
        },
      ],
    },
  };
}
