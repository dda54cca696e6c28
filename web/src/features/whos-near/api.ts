import { useQuery } from '@tanstack/react-query';
import { MAX_KM } from '@velvet/core/schemas/member.schema';
import { api, call } from '../../lib/api-client';

export const nearbyKey = ['members', 'nearby'] as const;

/** Members placed within 50 km of the member's cell, nearest first. */
export const useNearby = (enabled: boolean) =>
  useQuery({
    queryKey: nearbyKey,
    queryFn: () => call(api.GET('/members', { params: { query: { sort: 'nearest', maxKm: MAX_KM.whosNear, limit: 60 } } })),
    enabled,
  });
