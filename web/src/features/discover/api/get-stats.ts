import { useQuery } from '@tanstack/react-query';
import { DISCOVER_STATS_REFRESH_MS } from '@velvet/core/constants/discover';
import { api, call } from '../../../lib/api-client';
import { discoverKeys } from './keys';

/** The stats row (Online, Verified, Matches, Views), refreshed every 15 s (spec §9). */
export const useDiscoverStats = () =>
  useQuery({
    queryKey: discoverKeys.stats,
    queryFn: () => call(api.GET('/discover/stats')),
    refetchInterval: DISCOVER_STATS_REFRESH_MS,
    staleTime: DISCOVER_STATS_REFRESH_MS - 5_000,
  });
