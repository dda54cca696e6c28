import { useInfiniteQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** The member's sent messages, newest first. */
export function useSentMessages() {
  return useInfiniteQuery({
    queryKey: messageKeys.sent,
    queryFn: ({ pageParam }) => call(api.GET('/messages/sent', { params: { query: pageParam ? { cursor: pageParam } : {} } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
