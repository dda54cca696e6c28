import { useInfiniteQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** Inbox (every conversation) or Saved (starred ones), newest activity first, searchable by name. */
export function useConversations(kind: 'inbox' | 'saved', q: string) {
  return useInfiniteQuery({
    queryKey: kind === 'inbox' ? messageKeys.conversations(q) : messageKeys.saved(q),
    queryFn: ({ pageParam }) =>
      call(
        api.GET(kind === 'inbox' ? '/messages/conversations' : '/messages/saved', {
          params: { query: { ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
