import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '@velvet/core/schemas/account-data.schema';
import { api, authApi, call } from '../../../lib/api-client';
import { API_BASE } from '../../../lib/api-base';

/** POST /api/v1/account/delete: the account and everything in it, for good. */
export const deleteAccount = (body: DeleteAccountInput) => call(api.POST('/account/delete', { body }));

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });

/** A fresh sign-in with the member's provider, back to this page with the delete dialog open. */
export const signInAgainToDelete = (providerId: string) =>
  authApi.post<{ url?: string }>('/sign-in/social', {
    provider: providerId,
    callbackURL: '/my-account?confirmDelete=1',
    errorCallbackURL: '/my-account',
    disableRedirect: true,
  });

/** Where the browser downloads the member's data (a zip, streamed by the server). */
export const EXPORT_URL = `${API_BASE}/account/export`;
