import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/** POST /api/auth/two-factor/enable: a new secret and backup codes; nothing is on until a code is verified. */
export const enableTwoFactor = (password: string) => authApi.post<TwoFactorEnrolment>('/two-factor/enable', { password });

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });
