import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';
import { accountKeys } from './keys';

/** POST /api/auth/two-factor/disable: turns it off and forgets the secret and backup codes. */
export const disableTwoFactor = (password: string) => authApi.post<{ status: boolean }>('/two-factor/disable', { password });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKey }),
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
      ]),
  });
}
