import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaDto } from '@velvet/core/schemas/media.schema';
import { api, ApiError, call } from '../../../lib/api-client';
import { profileKeys } from './keys';

/**
 * A member's photos, or none when they are not for this viewer (404: the member is in anonymous
 * mode or has not finished their profile; the profile page itself answers for a member who is gone).
 */
async function fetchGallery(userId: string): Promise<MediaDto[]> {
  try {
    return (await call(api.GET('/media/user/{userId}', { params: { path: { userId } } }))).media;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

/** A member's public photos, in their chosen order. */
export const useGallery = (userId: string) => useQuery({ queryKey: profileKeys.gallery(userId), queryFn: () => fetchGallery(userId) });

const reorderKey = ['gallery', 'order'] as const;

export function useReorderGallery(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: reorderKey,
    // one order change at a time, in the order they were made: a later move never lands before an earlier one
    scope: { id: `gallery-order-${userId}` },
    mutationFn: (ids: string[]) => call(api.PUT('/media/order', { body: { ids } })),
    // optimistic: the new order shows at once and is put back if the server refuses
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.gallery(userId) });
      const before = queryClient.getQueryData<MediaDto[]>(profileKeys.gallery(userId));
      if (before) {
        const byId = new Map(before.map((m) => [m.id, m]));
        queryClient.setQueryData(
          profileKeys.gallery(userId),
          ids.flatMap((id, position) => {
            const media = byId.get(id);
            return media ? [{ ...media, position }] : [];
          }),
        );
      }
      return { before };
    },
    onError: (_err, _ids, context) => {
      if (context?.before) queryClient.setQueryData(profileKeys.gallery(userId), context.before);
    },
    // refetch only once the last queued move is done, so an earlier answer never undoes a later move on screen
    onSettled: () =>
      queryClient.isMutating({ mutationKey: reorderKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: profileKeys.gallery(userId) })
        : undefined,
  });
}

export function useDeleteMedia(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/media/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.gallery(userId) });
      void queryClient.invalidateQueries({ queryKey: profileKeys.own });
    },
  });
}
