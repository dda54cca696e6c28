import { authApi } from '../../../lib/api-client';

export const signUp = (input: { email: string; password: string; isAdult: boolean; acceptTerms: boolean }) =>
  authApi.post('/sign-up/email', { ...input, callbackURL: '/login?confirmed=1' });
