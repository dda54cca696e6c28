import { useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationsResponse } from '@velvet/core/schemas/message.schema';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

function listUrl(path: string, q: string, cursor: string | null) {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Inbox (every conversation) or Saved (starred ones), newest activity first, searchable by name. */
export function useConversations(kind: 'inbox' | 'saved', q: string) {
  return useInfiniteQuery({
    queryKey: kind === 'inbox' ? messageKeys.conversations(q) : messageKeys.saved(q),
    queryFn: ({ pageParam }) =>
      api.get<ConversationsResponse>(listUrl(kind === 'inbox' ? '/messages/conversations' : '/messages/saved', q, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
