import { useInfiniteQuery } from '@tanstack/react-query';
import type { SentResponse } from '@velvet/core/schemas/message.schema';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** The member's sent messages, newest first. */
export function useSentMessages() {
  return useInfiniteQuery({
    queryKey: messageKeys.sent,
    queryFn: ({ pageParam }) =>
      api.get<SentResponse>(pageParam ? `/messages/sent?cursor=${encodeURIComponent(pageParam)}` : '/messages/sent'),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
