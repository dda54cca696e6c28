import { useMutation, useQuery } from '@tanstack/react-query';
import type { LocationStateResponse } from '@velvet/core/schemas/member.schema';
import { api, call } from './api-client';
import { queryClient } from './query-client';

export const locationStateKey = ['members', 'location'] as const;

/** Whether Who's Near is on: the one setting the header strip, /whos-near and /search share. */
export function useLocationState(enabled = true) {
  return useQuery({
    queryKey: locationStateKey,
    queryFn: () => call(api.GET('/members/me/location')),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

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
    mutationFn: (p: { lat: number; lng: number }) => call(api.PUT('/members/me/location', { body: p })),
    onSuccess: saveState,
  });

export const useClearPosition = () =>
  useMutation({
    mutationFn: () => call(api.DELETE('/members/me/location')),
    onSuccess: saveState,
  });
