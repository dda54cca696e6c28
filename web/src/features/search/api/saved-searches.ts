import { useMutation, useQuery } from '@tanstack/react-query';
import type { SavedSearchInput } from '@velvet/core/schemas/search.schema';
import { api, call } from '../../../lib/api-client';
import type { paths } from '../../../lib/api-schema.gen';

/** The filters as the schema takes them (its input type says `unknown` where text is accepted for a number). */
type SavedSearchBody = paths['/saved-searches']['post']['requestBody']['content']['application/json'];
import { queryClient } from '../../../lib/query-client';

export const savedSearchesKey = ['saved-searches'] as const;

/** The member's saved searches, newest first (the hub's badge counts them). */
export const useSavedSearches = () => useQuery({ queryKey: savedSearchesKey, queryFn: () => call(api.GET('/saved-searches')) });

export const useSaveSearch = () =>
  useMutation({
    mutationFn: (input: SavedSearchInput) => call(api.POST('/saved-searches', { body: input as SavedSearchBody })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });

export const useDeleteSavedSearch = () =>
  useMutation({
    mutationFn: (id: string) => call(api.DELETE('/saved-searches/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKey }),
  });
