import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** POST /api/auth/revoke-other-sessions: every device but this one is signed out. */
export const revokeOtherSessions = () => authApi.post<{ status: boolean }>('/revoke-other-sessions');

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
