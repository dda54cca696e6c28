import { useMutation, useQuery } from '@tanstack/react-query';
import { MAX_KM, type LocationStateResponse, type MembersResponse } from '@velvet/core/schemas/member.schema';
import { api, apiFetch } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { locationStateKey } from '../../lib/location-state';

export const nearbyKey = ['members', 'nearby'] as const;

/** Members placed within 50 km of the member's cell, nearest first. */
export const useNearby = (enabled: boolean) =>
  useQuery({
    queryKey: nearbyKey,
    queryFn: () => api.get<MembersResponse>(`/members?sort=nearest&maxKm=${MAX_KM.whosNear}&limit=60`),
    enabled,
  });

/** The browser's position, asked for once per switch-on or refresh (never watched in the background). */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) reject(new Error('unsupported'));
    else navigator.geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 });
  });
}

const saveState = (state: LocationStateResponse) => {
  queryClient.setQueryData(locationStateKey, state);
  void queryClient.invalidateQueries({ queryKey: ['members'] });
};

export const useSetPosition = () =>
  useMutation({
    mutationFn: (p: { lat: number; lng: number }) =>
      apiFetch<LocationStateResponse>('/api/v1/members/me/location', { method: 'PUT', json: p }),
    onSuccess: saveState,
  });

export const useClearPosition = () =>
  useMutation({
    mutationFn: () => api.delete<LocationStateResponse>('/members/me/location'),
    onSuccess: saveState,
  });
