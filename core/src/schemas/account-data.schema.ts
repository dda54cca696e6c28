import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';

/**
 * POST /api/v1/account/delete: the member's password (accounts with one), or nothing for an account
 * that signs in only with a provider (it needs a sign-in from the last few minutes instead).
 */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: messages.account.passwordRequired })
    .max(limits.passwordMaxLength, messages.dataRights.wrongPassword)
    .optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** How recent a provider sign-in must be to delete an account that has no password. */
export const FRESH_SIGN_IN_MINUTES = 10;
