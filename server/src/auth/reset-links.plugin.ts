import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verification } from '../db/schema/index';

/** better-auth keeps each password-reset link as a verification row `reset-password:<token>` → user id. */
const RESET_LINK = 'reset-password:%';

/** Deletes every outstanding password-reset link of a member. */
export async function forgetResetLinks(db: Db, userId: string) {
  await db.delete(verification).where(and(like(verification.identifier, RESET_LINK), eq(verification.value, userId)));
}

/**
 * A new password makes every reset link of the account worthless: an older link (mailed to an
 * inbox that was read by someone else, say) must not set the password again after the member
 * changed it. better-auth spends only the link that was used; this removes the rest after a
 * password change (here) and after a reset (emailAndPassword.onPasswordReset in auth.ts).
 */
export function resetLinks(db: Db): BetterAuthPlugin {
  return {
    id: 'velvet-reset-links',
    hooks: {
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
