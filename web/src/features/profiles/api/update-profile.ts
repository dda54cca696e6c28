import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@velvet/core/schemas/profile.schema';
import { api, call } from '../../../lib/api-client';
import type { paths } from '../../../lib/api-schema.gen';

/** The form's values as the schema takes them (its input type says `unknown` where text is accepted for a number). */
type ProfileUpdateBody = paths['/profiles/me']['put']['requestBody']['content']['application/json'];
import { patchSession } from './patch-session';
import { profileKeys } from './keys';

/** Save Changes on /edit-profile. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) => (await call(api.PUT('/profiles/me', { body: input as ProfileUpdateBody }))).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      patchSession(queryClient, profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.view(profile.userId) });
    },
  });
}
