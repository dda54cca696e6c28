import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { messages } from '../messages';
import { changePasswordFormSchema } from './auth.schema';
import { resetPasswordSchema, signInSchema, signUpSchema } from './credentials.schema';

const adult = { isAdult: true, acceptTerms: true } as const;
const firstMessage = async (schema: z.ZodMiniType, input: unknown) => {
  const parsed = await z.safeParseAsync(schema, input);
  return parsed.success ? 'accepted' : parsed.error.issues[0]?.message;
};

describe('new passwords (sign-up, reset, change)', () => {
  it('refuse the most common passwords, whatever their case', async () => {
    for (const password of ['password', 'PASSWORD', 'Password1', 'iloveyou', '12345678', 'qwertyuiop']) {
      expect(await firstMessage(signUpSchema, { email: 'a@b.co', password, ...adult }), password).toBe(messages.signUp.passwordTooCommon);
      expect(await firstMessage(resetPasswordSchema, { password }), password).toBe(messages.signUp.passwordTooCommon);
      expect(
        await firstMessage(changePasswordFormSchema, { currentPassword: 'x', newPassword: password, revokeOtherSessions: false }),
        password,
      ).toBe(messages.signUp.passwordTooCommon);
    }
  });

  it('take an uncommon password, and say "too short" before "too common"', async () => {
    expect(await firstMessage(signUpSchema, { email: 'a@b.co', password: 'velvet-swing-4417', ...adult })).toBe('accepted');
    expect(await firstMessage(resetPasswordSchema, { password: 'qwerty' })).toBe(messages.signUp.passwordTooShort);
  });

  it('do not apply to signing in with an existing password', () => {
    expect(z.safeParse(signInSchema, { email: 'a@b.co', password: 'password' }).success).toBe(true);
  });
});
