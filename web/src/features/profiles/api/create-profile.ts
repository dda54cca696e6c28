import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBasicsInput } from '@velvet/core/schemas/profile.schema';
import { api, call } from '../../../lib/api-client';
import { patchSession } from './patch-session';
import { profileKeys } from './keys';

/** Wizard step 1 for a member with no profile yet. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileBasicsInput) => (await call(api.POST('/profiles', { body: input }))).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      patchSession(queryClient, profile);
    },
  });
}
