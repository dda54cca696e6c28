import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProfileViewsResponse } from '@velvet/core/schemas/profile-view.schema';
import { api } from '../../../lib/api-client';

/** Who looked at the signed-in member, page by page (infinite scroll). */
export const useProfileViews = () =>
  useInfiniteQuery({
    queryKey: ['profile-views', 'list'],
    queryFn: ({ pageParam }) => api.get<ProfileViewsResponse>(pageParam ? `/profile-views?cursor=${pageParam}` : '/profile-views'),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
