import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';
import { accountKeys } from './keys';

/** POST /api/auth/two-factor/verify-totp while signed in: the first good code turns two-factor on. */
export const verifyTotpSetup = (code: string) => authApi.post<{ user: { id: string } }>('/two-factor/verify-totp', { code });

export function useVerifyTotpSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotpSetup,
    // better-auth replaces this device's session when two-factor turns on
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKey }),
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
      ]),
  });
}
