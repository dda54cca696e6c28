import { messages } from '@velvet/core/messages';
import { ApiError } from '../../lib/api-client';

/** The words to show for a failed account action: what happened and what to do. */
export function accountErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return messages.account.failed;
  if (err.status === 0) return messages.signIn.network;
  switch (err.code) {
    case 'INVALID_PASSWORD':
      return messages.account.wrongPassword;
    case 'PASSWORD_TOO_SHORT':
      return messages.signUp.passwordTooShort;
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return messages.account.noPassword;
    case 'INVALID_CODE':
      return messages.account.invalidCode;
    case 'TOTP_CODE_REUSED':
      return messages.account.codeReused;
    case 'SESSION_NOT_FRESH':
      return messages.account.sessionsNotFresh;
    case 'VALIDATION_FAILED':
      return err.message;
    default:
      break;
  }
  if (err.status === 429) return messages.account.tooManyTries;
  if (err.status === 401) return messages.guard.authError;
  return messages.account.failed;
}

/** Whether a failure is about the password the member typed (shown under that field). */
export const isWrongPassword = (err: unknown) => err instanceof ApiError && err.code === 'INVALID_PASSWORD';
