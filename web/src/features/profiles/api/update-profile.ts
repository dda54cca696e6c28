import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdateInput } from '@velvet/core/schemas/profile.schema';
import { apiFetch } from '../../../lib/api-client';
import { patchSession } from './patch-session';
import { profileKeys } from './keys';

/** Save Changes on /edit-profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) =>
      (await apiFetch<{ profile: OwnProfile }>('/api/v1/profiles/me', { method: 'PUT', json: input })).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      patchSession(queryClient, profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.view(profile.userId) });
    },
  });
}
