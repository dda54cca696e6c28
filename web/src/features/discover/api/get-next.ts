import { useQuery } from '@tanstack/react-query';
import { discoverQuery } from '@velvet/core/constants/discover';
import type { DiscoverFilters } from '@velvet/core/schemas/discover.schema';
import { api, call } from '../../../lib/api-client';
import { discoverKeys } from './keys';

/**
 * The current batch of ranked cards. Decided cards leave the cached batch one by one (decide.ts);
 * an emptied batch is fetched again, and the server skips everyone already liked or passed.
 */
export const useDiscoverFeed = (filters: DiscoverFilters) =>
  useQuery({
    queryKey: discoverKeys.feed(filters),
    queryFn: () => call(api.GET('/discover/next', { params: { query: discoverQuery(filters) } })),
    // the card in view is not swapped while the member reads it: a batch is replaced when emptied, on Refresh or new filters
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
