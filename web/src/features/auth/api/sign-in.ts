import { messages } from '@velvet/core/messages';
import { ApiError, authApi } from '../../../lib/api-client';

export interface SignInResult {
  twoFactorRedirect?: boolean;
}

export const signInWithPassword = (input: { email: string; password: string; rememberMe: boolean }) =>
  authApi.post<SignInResult>('/sign-in/email', input);

export const verifyTotp = (code: string, backup: boolean) =>
  authApi.post(backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp', { code });

/** better-auth 1.7 serves generic OAuth/OIDC providers through /sign-in/social (there is no /sign-in/oauth2). */
export const startProviderSignIn = (providerId: string) =>
  authApi.post<{ url?: string }>('/sign-in/social', {
    provider: providerId,
    callbackURL: '/dashboard',
    errorCallbackURL: '/login?providerError=1',
    disableRedirect: true,
  });

/** Turns a sign-in failure into the spec's words (§8): a toast title and description. */
export function signInFailure(err: unknown): { title: string; description: string } {
  const title = messages.signIn.failedTitle;
  if (!(err instanceof ApiError)) return { title, description: messages.signIn.default };
  if (err.status === 0) return { title, description: messages.signIn.network };
  if (err.code === 'SIGN_IN_THROTTLED' || err.code === 'SIGN_IN_THROTTLED_ADDRESS') {
    const minutes = Number((err.body as { retryAfterMinutes?: number } | undefined)?.retryAfterMinutes) || 15;
    const words = err.code === 'SIGN_IN_THROTTLED' ? messages.signIn.throttled : messages.signIn.throttledAddress;
    return { title, description: words(minutes) };
  }
  if (err.status === 429) return { title, description: messages.signIn.tooManyRequests };
  if (err.code === 'EMAIL_NOT_VERIFIED') return { title, description: messages.signIn.emailNotConfirmed };
  if (err.code === 'BANNED_USER') return { title, description: messages.moderation.suspended };
  if (err.code === 'INVALID_EMAIL_OR_PASSWORD' || err.status === 401) return { title, description: messages.signIn.invalidCredentials };
  if (err.code === 'VALIDATION_FAILED') return { title, description: err.message };
  return { title, description: messages.signIn.default };
}
