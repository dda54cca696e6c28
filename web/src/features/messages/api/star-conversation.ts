import { useMutation, useMutationState } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { messageKeys } from './keys';

const starKey = ['messages', 'star'] as const;
type StarVariables = { otherId: string; starred: boolean };

/**
 * Stars (saves) or unstars a conversation; the Saved tab lists the starred ones. One for a whole
 * list, not one a row: a row's hooks are most of the inbox's first render on a phone.
 */
export function useStarConversation() {
  return useMutation({
    mutationKey: starKey,
    mutationFn: ({ otherId, starred }: StarVariables) =>
      call((starred ? api.PUT : api.DELETE)('/messages/conversations/{otherId}/star', { params: { path: { otherId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.lists }),
  });
}

/** The conversations whose star is being changed right now (every pending change, not only the last). */
export const usePendingStars = () =>
  useMutationState({ filters: { mutationKey: starKey, status: 'pending' }, select: (m) => (m.state.variables as StarVariables).otherId });
