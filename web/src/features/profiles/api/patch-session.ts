import type { QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '@velvet/core/schemas/api.schema';
import type { OwnProfile } from '@velvet/core/schemas/profile.schema';
import { sessionKey } from '../../../lib/session';

/**
 * Puts a freshly saved profile into the cached session at once (then checks with the server), so a
 * page that reads `me.setupCompleted` right after the wizard (the dashboard) does not see the old value.
 */
export function patchSession(queryClient: QueryClient, profile: OwnProfile) {
  queryClient.setQueryData<MeResponse | null>(sessionKey, (me) =>
    me
      ? {
          ...me,
          hasProfile: true,
          setupCompleted: profile.setupCompleted,
          profile: { username: profile.username, displayName: profile.displayName, avatarUrl: profile.avatarUrl },
        }
      : me,
  );
  void queryClient.invalidateQueries({ queryKey: sessionKey });
}
