import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ContentCategory, ContentItem, ContentMediaType, ContentPage, ContentUpdate } from '@velvet/core/schemas/content.schema';
import { api, call } from '../../../lib/api-client';
import { contentKeys, type ContentList } from './keys';

const PATHS = {
  new: '/content/new',
  hot: '/content/hot',
  mine: '/content/mine',
  fabbed: '/content/fabbed',
} as const;

function fetchPage(list: ContentList, type: ContentMediaType | null, category: ContentCategory | null, cursor: string | null) {
  const query = { ...(cursor ? { cursor } : {}), ...(type ? { type } : {}) };
  if (list === 'category')
    return call(api.GET('/content/category', { params: { query: { ...query, category: category ?? 'individual' } } }));
  return call(api.GET(PATHS[list], { params: { query } }));
}

/** The member's own photo and video counts (refetched with every content change: same key root). */
export const useOwnContentCounts = () => useQuery({ queryKey: contentKeys.counts, queryFn: () => call(api.GET('/content/mine/counts')) });

/** One list, page by page (keyset cursors from the server). */
export const useContentList = (list: ContentList, type: ContentMediaType | null, category: ContentCategory | null) =>
  useInfiniteQuery({
    queryKey: contentKeys.list(list, type, category),
    queryFn: ({ pageParam }) => fetchPage(list, type, category, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every cached copy of an item, changed the same way (a Fab shows at once on every list). */
function patchItem(queryClient: ReturnType<typeof useQueryClient>, id: string, change: (item: ContentItem) => ContentItem | null) {
  queryClient.setQueriesData<InfiniteData<ContentPage>>({ queryKey: ['content', 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.flatMap((i) => {
              if (i.id !== id) return [i];
              const next = change(i);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}

export function useFab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) =>
      call(on ? api.PUT('/content/{id}/fab', { params: { path: { id } } }) : api.DELETE('/content/{id}/fab', { params: { path: { id } } })),
    onSuccess: (result, { id }) => {
      patchItem(queryClient, id, (i) => ({ ...i, ...result }));
      // Hot and Pics you Fab'd change order or members: read again
      void queryClient.invalidateQueries({ queryKey: ['content', 'list', 'hot'] });
      void queryClient.invalidateQueries({ queryKey: ['content', 'list', 'fabbed'] });
    },
  });
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContentUpdate }) =>
      call(api.PATCH('/content/{id}', { params: { path: { id } }, body })).then((r) => r.item),
    onSuccess: (item) => patchItem(queryClient, item.id, (i) => ({ ...item, owner: i.owner })),
  });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/content/{id}', { params: { path: { id } } })),
    onSuccess: (_r, id) => {
      patchItem(queryClient, id, () => null);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
