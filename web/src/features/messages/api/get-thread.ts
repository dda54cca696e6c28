import { useInfiniteQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { messageKeys } from './keys';
import { mergeArrived } from '../thread-cache';

/**
 * The thread with one member. Page 0 is the newest (loading it marks their messages read); later
 * pages go back in time. Each page is oldest → newest.
 */
export function useThread(otherId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(otherId),
    queryFn: ({ pageParam }) =>
      call(
        api.GET('/messages/conversations/{otherId}/messages', {
          params: { path: { otherId }, query: pageParam ? { before: pageParam } : {} },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // with what arrived live while a load was under way (it may answer from before them)
    select: (thread) => mergeArrived(otherId, thread),
  });
}
