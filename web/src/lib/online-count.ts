import { useQuery } from '@tanstack/react-query';
import { api, call } from './api-client';

/** How many members are online now (real, no jitter); refreshed every 15 s while a page shows it. */
export function useOnlineCount() {
  const query = useQuery({
    queryKey: ['members', 'online-count'],
    queryFn: () => call(api.GET('/members/online-count')),
    refetchInterval: 15_000,
    staleTime: 10_000,
  });
  return query.data?.online;
}
