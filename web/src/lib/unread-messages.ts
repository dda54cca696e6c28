import { useQuery } from '@tanstack/react-query';
import type { UnreadCountResponse } from '@velvet/core/schemas/message.schema';
import { api } from './api-client';

/** Under the messages feature's keys, so its live updates and reconnect refetches reach it. */
export const unreadMessagesKey = ['messages', 'unread'] as const;

/** Messages waiting for the member: the badges on Messages in the shell and on the dashboard. */
export function useUnreadCount(enabled = true) {
  const query = useQuery({
    queryKey: unreadMessagesKey,
    queryFn: () => api.get<UnreadCountResponse>('/messages/unread-count'),
    enabled,
    staleTime: 60_000,
  });
  return query.data?.count ?? 0;
}
