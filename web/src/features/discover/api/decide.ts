import { useMutation } from '@tanstack/react-query';
import type { DiscoverFilters, DiscoverResponse } from '@velvet/core/schemas/discover.schema';
import { api, ApiError, call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { discoverKeys } from './keys';

export type Decision = 'like' | 'pass';

/** Takes a decided (or no longer available) member out of the batch; an emptied batch is fetched anew. */
function dropFromBatch(filters: DiscoverFilters, id: string) {
  const key = discoverKeys.feed(filters);
  const batch = queryClient.getQueryData<DiscoverResponse>(key);
  if (!batch) return;
  const items = batch.items.filter((c) => c.id !== id);
  if (items.length === 0) void queryClient.invalidateQueries({ queryKey: key, exact: true });
  else queryClient.setQueryData<DiscoverResponse>(key, { ...batch, items });
}

/** Like or pass on the card shown; the server stores it, and the card moves on. */
export const useDecide = (filters: DiscoverFilters) =>
  useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: Decision }) =>
      call(api.POST(decision === 'like' ? '/discover/{userId}/like' : '/discover/{userId}/pass', { params: { path: { userId: id } } })),
    onSuccess: (result, { id }) => {
      dropFromBatch(filters, id);
      if (result.match) void queryClient.invalidateQueries({ queryKey: discoverKeys.stats });
      // the Members page shows who the member has liked
      void queryClient.invalidateQueries({ queryKey: ['members', 'list'] });
    },
    onError: (err, { id }) => {
      // the member went anonymous, blocked, or was blocked meanwhile: their card cannot be decided on
      if (err instanceof ApiError && (err.status === 403 || err.status === 404)) dropFromBatch(filters, id);
    },
  });
