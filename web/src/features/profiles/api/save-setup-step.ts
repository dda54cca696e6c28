import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupStepInput } from '@velvet/core/schemas/profile.schema';
import type { paths } from '../../../lib/api-schema.gen';
import { api, call } from '../../../lib/api-client';
import { patchSession } from './patch-session';
import { profileKeys } from './keys';

/**
 * The form's values as the schema takes them: its input type says `unknown` where it also accepts
 * text for a number (an age field), which the document describes as the number.
 */
type SetupStepBody = paths['/profiles/me/setup']['put']['requestBody']['content']['application/json'];

/** Saves one wizard step (so a half-finished wizard resumes where the member left it). */
export function useSaveSetupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SetupStepInput) => (await call(api.PUT('/profiles/me/setup', { body: input as SetupStepBody }))).profile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.own, profile);
      patchSession(queryClient, profile);
    },
  });
}
