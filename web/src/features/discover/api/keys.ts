import type { DiscoverFilters } from '@velvet/core/schemas/discover.schema';

export const discoverKeys = {
  all: ['discover'] as const,
  feed: (filters: DiscoverFilters) => ['discover', 'next', filters] as const,
  stats: ['discover', 'stats'] as const,
};
