import { useMutation, useQuery } from '@tanstack/react-query';
import { messages } from '@velvet/core/messages';
import type { PrivacySettings, PrivacySettingsUpdate } from '@velvet/core/schemas/privacy.schema';
import { toast } from '../../../components/ui/toast-store';
import { api, call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { applyChange, revertChange } from '../settings-state';

export const privacySettingsKey = ['privacy', 'settings'] as const;

export const usePrivacySettings = () =>
  useQuery({ queryKey: privacySettingsKey, queryFn: async () => (await call(api.GET('/privacy'))).settings });

/**
 * One toggle's change (spec §4 Privacy toggle): shown at once, saved now, taken back with 'Failed to
 * update settings. Please try again.' when the server refuses, 'Settings updated' when it is stored.
 */
export function useUpdatePrivacySettings() {
  return useMutation({
    mutationFn: (change: PrivacySettingsUpdate) => call(api.PATCH('/privacy', { body: change })),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: privacySettingsKey });
      const before = queryClient.getQueryData<PrivacySettings>(privacySettingsKey);
      if (before) queryClient.setQueryData(privacySettingsKey, applyChange(before, change));
      return { before };
    },
    onError: (_err, change, context) => {
      const before = context?.before;
      const shown = queryClient.getQueryData<PrivacySettings>(privacySettingsKey);
      if (before && shown) queryClient.setQueryData(privacySettingsKey, revertChange(shown, change, before));
      toast({ title: 'Error', description: messages.privacy.failed, variant: 'destructive' });
    },
    onSuccess: () => {
      toast({ title: messages.privacy.updated, variant: 'success' });
      // the own profile shows these toggles too
      void queryClient.invalidateQueries({ queryKey: ['profile', 'me'] });
    },
  });
}
