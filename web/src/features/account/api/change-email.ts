import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

/** Where the mailed link lands once the new address is confirmed. */
export const EMAIL_CHANGED_CALLBACK = '/my-account?emailChanged=1';

/**
 * POST /api/auth/change-email. better-auth 1.7.25 (as configured) mails a link to the NEW address;
 * the email changes when that link is opened. An address already in use gets the same answer and no mail.
 */
export const changeEmail = (newEmail: string) =>
  authApi.post<{ status: boolean }>('/change-email', { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK });

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
