import { useInfiniteQuery } from '@tanstack/react-query';
import type { MemberType } from '@velvet/core/schemas/member.schema';
import type { CategoryPhotosResponse } from '@velvet/core/schemas/search.schema';
import { api } from '../../../lib/api-client';

/** Photos by Category: public gallery photos of members of one type (or all), newest first. */
export const useCategoryPhotos = (type: MemberType | null) =>
  useInfiniteQuery({
    queryKey: ['search', 'photos', type],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (type) params.set('type', type);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<CategoryPhotosResponse>(`/search/photos?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
