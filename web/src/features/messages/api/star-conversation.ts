import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { messageKeys } from './keys';

/** Stars (saves) or unstars a conversation; the Saved tab lists the starred ones. */
export function useStarConversation() {
  return useMutation({
    mutationFn: ({ otherId, starred }: { otherId: string; starred: boolean }) =>
      apiFetch<{ starred: boolean }>(`/api/v1/messages/conversations/${encodeURIComponent(otherId)}/star`, {
        method: starred ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.lists }),
  });
}
