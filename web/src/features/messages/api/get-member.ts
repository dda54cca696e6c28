import { useQuery } from '@tanstack/react-query';
import type { ProfileView } from '@velvet/core/schemas/profile.schema';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** Who a chat is with, for a conversation that has no message yet (opened from a profile). */
export function useChatMember(otherId: string, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.member(otherId),
    queryFn: async () => (await api.get<{ profile: ProfileView }>(`/profiles/${encodeURIComponent(otherId)}`)).profile,
    enabled,
    staleTime: 5 * 60_000,
  });
}
