import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** Who a chat is with, for a conversation that has no message yet (opened from a profile). */
export function useChatMember(otherId: string, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.member(otherId),
    queryFn: async () => (await call(api.GET('/profiles/{userId}', { params: { path: { userId: otherId } } }))).profile,
    enabled,
    staleTime: 5 * 60_000,
  });
}
