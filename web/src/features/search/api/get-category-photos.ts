import { useInfiniteQuery } from '@tanstack/react-query';
import type { MemberType } from '@velvet/core/schemas/member.schema';
import { api, call } from '../../../lib/api-client';

/** Photos by Category: public gallery photos of members of one type (or all), newest first. */
export const useCategoryPhotos = (type: MemberType | null) =>
  useInfiniteQuery({
    queryKey: ['search', 'photos', type],
    queryFn: ({ pageParam }) =>
      call(api.GET('/search/photos', { params: { query: { ...(type ? { type } : {}), ...(pageParam ? { cursor: pageParam } : {}) } } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
