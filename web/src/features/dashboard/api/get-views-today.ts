import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';

/** How many members looked at the member's profile today (London day): the 'Looked @ Me' badge. */
export function useViewsToday() {
  const query = useQuery({
    queryKey: ['profile-views', 'today'],
    queryFn: () => call(api.GET('/profile-views/today')),
    // the spec's dashboard stats: stale after 10 s, refetched every 15 s while the dashboard shows
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
  return query.data?.count;
}
