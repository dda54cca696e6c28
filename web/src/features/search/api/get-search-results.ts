import { useInfiniteQuery } from '@tanstack/react-query';
import type { MembersResponse } from '@velvet/core/schemas/member.schema';
import { api } from '../../../lib/api-client';

/** A search's result list, page by page (infinite scroll): the filters are the members query as it is. */
export const useSearchResults = (filters: Record<string, string>, enabled = true) =>
  useInfiniteQuery({
    queryKey: ['members', 'search', filters],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(filters);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<MembersResponse>(`/members?${params.toString()}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
