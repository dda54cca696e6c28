import { useInfiniteQuery } from '@tanstack/react-query';
import type { MemberSort } from '@velvet/core/schemas/member.schema';
import { api, call } from '../../../lib/api-client';

export interface MembersFilter {
  sort: MemberSort;
  q: string;
  location: string;
  /** verified members only (the server's `verified=1`) */
  verified: boolean;
}

const query = (f: MembersFilter, cursor: string | null) => ({
  sort: f.sort,
  ...(f.q ? { q: f.q } : {}),
  ...(f.location ? { location: f.location } : {}),
  ...(f.verified ? { verified: '1' as const } : {}),
  ...(cursor ? { cursor } : {}),
});

/** The Members page list, page by page (infinite scroll). */
export const useMembers = (filter: MembersFilter) =>
  useInfiniteQuery({
    queryKey: ['members', 'list', filter],
    queryFn: ({ pageParam }) => call(api.GET('/members', { params: { query: query(filter, pageParam) } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
