import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '@velvet/core/messages';
import type { Verification, VerificationType } from '@velvet/core/schemas/verification.schema';
import { api, call } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { sessionKey } from '../../../lib/session';

export const verificationKeys = {
  mine: ['verifications', 'mine'] as const,
  queue: ['verifications', 'queue'] as const,
};

/** The member's requests, their summary and whether the couple option is theirs. */
export const useMyVerifications = () => useQuery({ queryKey: verificationKeys.mine, queryFn: () => call(api.GET('/verifications')) });

export interface SubmitInput {
  type: VerificationType;
  fields: Record<string, unknown>;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** Sends a verification with upload progress. The server checks everything again and answers in the spec's words. */
async function submitVerification({ type, fields, file, onProgress }: SubmitInput): Promise<Verification> {
  const form = new FormData();
  form.append('type', type);
  form.append('data', JSON.stringify(fields));
  form.append('file', file);
  return (await uploadWithProgress('/verifications', form, { onProgress, failed: messages.verification.failed })).verification;
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVerification,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: verificationKeys.mine });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** The moderators' queue, oldest first. */
export const useVerificationQueue = () =>
  useQuery({ queryKey: verificationKeys.queue, queryFn: async () => (await call(api.GET('/admin/verifications'))).items });

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'reject'; reason?: string }) =>
      decision === 'approve'
        ? call(api.POST('/admin/verifications/{id}/approve', { params: { path: { id } } }))
        : call(api.POST('/admin/verifications/{id}/reject', { params: { path: { id } }, body: { reason: reason ?? '' } })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: verificationKeys.queue });
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
