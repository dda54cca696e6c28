import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';
import { accountKeys } from './keys';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** POST /api/auth/change-password: with revokeOtherSessions, every other device is signed out. */
export const changePassword = (input: ChangePasswordInput) => authApi.post<{ user: { id: string } }>('/change-password', input);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKey }),
        queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
      ]),
  });
}
