import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** POST /api/auth/revoke-session: signs one of the member's devices out. */
export const revokeSession = (token: string) => authApi.post<{ status: boolean }>('/revoke-session', { token });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
