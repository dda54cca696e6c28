import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, SetupStepInput } from '@velvet/core/schemas/profile.schema';
import { apiFetch } from '../../../lib/api-client';
import { patchSession } from './patch-session';
import { profileKeys } from './keys';

/** Saves one wizard step (so a half-finished wizard resumes where the member left it). */
export function useSaveSetupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SetupStepInput) =>
      (await apiFetch<{ profile: OwnProfile }>('/api/v1/profiles/me/setup', { method: 'PUT', json: input })).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      patchSession(queryClient, profile);
    },
  });
}
