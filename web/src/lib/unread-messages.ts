import { useQuery } from '@tanstack/react-query';
import { api, call } from './api-client';

/** Under the messages feature's keys, so its live updates and reconnect refetches reach it. */
export const unreadMessagesKey = ['messages', 'unread'] as const;

/** Messages waiting for the member: the badges on Messages in the shell and on the dashboard. */
export function useUnreadCount(enabled = true) {
  const query = useQuery({
    queryKey: unreadMessagesKey,
    queryFn: () => call(api.GET('/messages/unread-count')),
    enabled,
    staleTime: 60_000,
  });
  return query.data?.count ?? 0;
}
