import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { messageKeys } from './keys';

/** Stars (saves) or unstars a conversation; the Saved tab lists the starred ones. */
export function useStarConversation() {
  return useMutation({
    mutationFn: ({ otherId, starred }: { otherId: string; starred: boolean }) =>
      call((starred ? api.PUT : api.DELETE)('/messages/conversations/{otherId}/star', { params: { path: { otherId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.lists }),
  });
}
