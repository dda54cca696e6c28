import { useInfiniteQuery } from '@tanstack/react-query';
import type { MemberSort, MembersResponse } from '@velvet/core/schemas/member.schema';
import { api } from '../../../lib/api-client';

export interface MembersFilter {
  sort: MemberSort;
  q: string;
  location: string;
}

const url = (f: MembersFilter, cursor: string | null) => {
  const params = new URLSearchParams({ sort: f.sort });
  if (f.q) params.set('q', f.q);
  if (f.location) params.set('location', f.location);
  if (cursor) params.set('cursor', cursor);
  return `/members?${params.toString()}`;
};

/** The Members page list, page by page (infinite scroll). */
export const useMembers = (filter: MembersFilter) =>
  useInfiniteQuery({
    queryKey: ['members', 'list', filter],
    queryFn: ({ pageParam }) => api.get<MembersResponse>(url(filter, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
