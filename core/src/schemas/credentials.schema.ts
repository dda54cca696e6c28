import * as z from 'zod/mini';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { isCommonPassword } from '../passwords/common-password';

/*
 * Sign-in and sign-up rules. Written with zod/mini (tree-shakable) because the sign-in page must
 * stay inside its JavaScript budget; they behave like the other schemas (safeParse, zodResolver).
 */

/** A simple address shape, as the spec asks: something@something.something. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normaliseEmail = (value: string) => value.trim().toLowerCase();

export const emailSchema = z.pipe(
  z.pipe(z.string({ error: messages.signIn.missingFields }), z.transform(normaliseEmail)),
  z
    .string()
    .check(
      z.minLength(1, messages.signIn.missingFields),
      z.maxLength(254, messages.signIn.invalidEmail),
      z.regex(EMAIL_SHAPE, messages.signIn.invalidEmail),
    ),
);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: messages.signIn.missingFields }).check(z.minLength(1, messages.signIn.missingFields)),
  rememberMe: z.optional(z.boolean()),
  keepSignedIn: z.optional(z.boolean()),
});
export type SignInInput = z.input<typeof signInSchema>;

export const passwordSchema = z
  .string({ error: messages.signUp.passwordTooShort })
  .check(
    z.minLength(limits.passwordMinLength, messages.signUp.passwordTooShort),
    z.maxLength(limits.passwordMaxLength, `Password must be at most ${limits.passwordMaxLength} characters.`),
  );

/**
 * A password being chosen (sign-up, reset, change): the length rules, then not one of the most common
 * passwords (NIST 800-63B). The check is asynchronous (the list loads on first use): parse with
 * safeParseAsync / parseAsync (react-hook-form's zodResolver does).
 */
export const newPasswordSchema = passwordSchema.check(
  z.refine(async (password: string) => !(await isCommonPassword(password)), messages.signUp.passwordTooCommon),
);

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  isAdult: z.literal(true, { error: messages.signUp.mustBeAdult }),
  acceptTerms: z.literal(true, { error: messages.signUp.mustAcceptTerms }),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ password: newPasswordSchema });
