import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** POST /api/auth/revoke-session: signs one of the member's devices out, named by its session id (no answer carries a token). */
export const revokeSession = (sessionId: string) => authApi.post<{ status: boolean }>('/revoke-session', { sessionId });

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
