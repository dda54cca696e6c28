import { useQuery } from '@tanstack/react-query';
import type { LocationStateResponse } from '@velvet/core/schemas/member.schema';
import { api } from './api-client';

export const locationStateKey = ['members', 'location'] as const;

/** Whether Who's Near is on: the one setting the header strip, /whos-near and /search share. */
export function useLocationState(enabled = true) {
  return useQuery({
    queryKey: locationStateKey,
    queryFn: () => api.get<LocationStateResponse>('/members/me/location'),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
