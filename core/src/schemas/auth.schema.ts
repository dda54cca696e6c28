import { z } from 'zod';
import { messages } from '../messages';
import { emailSchema, newPasswordSchema } from './credentials.schema';

// Sign-in and sign-up rules live in credentials.schema.ts (zod/mini, for the sign-in page's budget).
export {
  EMAIL_SHAPE,
  normaliseEmail,
  emailSchema,
  passwordSchema,
  newPasswordSchema,
  signInSchema,
  signUpSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  type SignInInput,
  type SignUpInput,
} from './credentials.schema';

/** Account settings (signed in). */
export const changeEmailSchema = z.object({ email: emailSchema });
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, messages.account.wrongPassword),
  newPassword: newPasswordSchema,
});
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, messages.account.invalidCode),
});

/** The form behind POST /change-password (the new password follows the sign-up rules). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, messages.account.currentPasswordRequired),
    newPassword: newPasswordSchema,
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: messages.account.samePassword });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** Asking for the password again before a sensitive change (two-factor on/off, backup codes). */
export const confirmPasswordSchema = z.object({
  password: z.string().min(1, messages.account.passwordRequired),
});
export type ConfirmPasswordInput = z.input<typeof confirmPasswordSchema>;
