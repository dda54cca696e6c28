import { useInfiniteQuery } from '@tanstack/react-query';
import type { ThreadResponse } from '@velvet/core/schemas/message.schema';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';
import { mergeArrived } from '../thread-cache';

const threadUrl = (otherId: string, before: string | null) =>
  `/messages/conversations/${encodeURIComponent(otherId)}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`;

/**
 * The thread with one member. Page 0 is the newest (loading it marks their messages read); later
 * pages go back in time. Each page is oldest → newest.
 */
export function useThread(otherId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(otherId),
    queryFn: ({ pageParam }) => api.get<ThreadResponse>(threadUrl(otherId, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // with what arrived live while a load was under way (it may answer from before them)
    select: (thread) => mergeArrived(otherId, thread),
  });
}
