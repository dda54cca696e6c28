import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

/** POST /api/auth/two-factor/generate-backup-codes: ten new codes; the old ones stop working. */
export const generateBackupCodes = (password: string) =>
  authApi.post<{ status: boolean; backupCodes: string[] }>('/two-factor/generate-backup-codes', { password });

export const useGenerateBackupCodes = () => useMutation({ mutationFn: generateBackupCodes });
