import { useInfiniteQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';

/** Who looked at the signed-in member, page by page (infinite scroll). */
export const useProfileViews = () =>
  useInfiniteQuery({
    queryKey: ['profile-views', 'list'],
    queryFn: ({ pageParam }) => call(api.GET('/profile-views', { params: { query: pageParam ? { cursor: pageParam } : {} } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
