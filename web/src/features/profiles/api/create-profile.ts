import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileBasicsInput } from '@velvet/core/schemas/profile.schema';
import { api } from '../../../lib/api-client';
import { patchSession } from './patch-session';
import { profileKeys } from './keys';

/** Wizard step 1 for a member with no profile yet. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileBasicsInput) => (await api.post<{ profile: OwnProfile }>('/profiles', input)).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      patchSession(queryClient, profile);
    },
  });
}
