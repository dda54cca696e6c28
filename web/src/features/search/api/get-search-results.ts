import { useInfiniteQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import type { paths } from '../../../lib/api-schema.gen';

/** The results page's filters as its URL holds them (query-string parameters; the server checks them). */
type MembersQuery = NonNullable<paths['/members']['get']['parameters']['query']>;

/** A search's result list, page by page (infinite scroll): the filters are the members query as it is. */
export const useSearchResults = (filters: Record<string, string>, enabled = true) =>
  useInfiniteQuery({
    queryKey: ['members', 'search', filters],
    queryFn: ({ pageParam }) => {
      const query = { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } as MembersQuery;
      return call(api.GET('/members', { params: { query } }));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
