import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubRegion, ClubReviewInput, ClubSuggestionDecision, ClubSuggestionInput } from '@velvet/core/schemas/club.schema';
import { api, call } from '../../../lib/api-client';

export interface ClubFilters {
  q: string;
  location: string;
  region: ClubRegion | null;
}

/** The directory for the filters; the previous answer stays on screen while the next one loads. */
export const useClubs = (f: ClubFilters) =>
  useQuery({
    queryKey: ['clubs', 'list', f],
    queryFn: () =>
      call(
        api.GET('/clubs', {
          params: {
            query: {
              ...(f.q ? { q: f.q } : {}),
              ...(f.location ? { location: f.location } : {}),
              ...(f.region ? { region: f.region } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useClub = (id: string) =>
  useQuery({ queryKey: ['clubs', 'club', id], queryFn: () => call(api.GET('/clubs/{id}', { params: { path: { id } } })) });

export const useClubReviews = (id: string) =>
  useInfiniteQuery({
    queryKey: ['clubs', 'reviews', id],
    queryFn: ({ pageParam }) =>
      call(api.GET('/clubs/{id}/reviews', { params: { path: { id }, query: pageParam ? { cursor: pageParam } : {} } })),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** After a review changes: the club's page, its reviews and the directory's counts are read again. */
function useRefreshClubs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['clubs'] });
}

export function useSaveReview(id: string) {
  const refresh = useRefreshClubs();
  return useMutation({
    mutationFn: (body: ClubReviewInput) => call(api.PUT('/clubs/{id}/review', { params: { path: { id } }, body: { text: '', ...body } })),
    onSuccess: refresh,
  });
}

export function useDeleteReview(id: string) {
  const refresh = useRefreshClubs();
  return useMutation({
    mutationFn: () => call(api.DELETE('/clubs/{id}/review', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

export const useSuggestClub = () =>
  useMutation({ mutationFn: (body: ClubSuggestionInput) => call(api.POST('/clubs/suggestions', { body: { details: '', ...body } })) });

export const useClubSuggestions = () =>
  useQuery({ queryKey: ['clubs', 'suggestions'], queryFn: () => call(api.GET('/clubs/suggestions')) });

export function useDecideSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ClubSuggestionDecision }) =>
      call(api.POST('/clubs/suggestions/{id}/decision', { params: { path: { id } }, body: decision })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['clubs'] }),
  });
}
