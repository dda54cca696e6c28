import { useMutation, useQuery } from '@tanstack/react-query';
import type { SavedSearchDto, SavedSearchesResponse, SavedSearchInput } from '@velvet/core/schemas/search.schema';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const savedSearchesKey = ['saved-searches'] as const;

/** The member's saved searches, newest first (the hub's badge counts them). */
export const useSavedSearches = () =>
  useQuery({ queryKey: savedSearchesKey, queryFn: () => api.get<SavedSearchesResponse>('/saved-searches') });

export const useSaveSearch = () =>
  useMutation({
    mutationFn: (input: SavedSearchInput) => api.post<SavedSearchDto>('/saved-searches', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });

export const useDeleteSavedSearch = () =>
  useMutation({
    mutationFn: (id: string) => api.delete<void>(`/saved-searches/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
