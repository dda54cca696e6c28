import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { removeFromThread } from '../thread-cache';

/** The sender deletes one of their own messages. */
export function useDeleteMessage(otherId: string) {
  return useMutation({
    mutationFn: (messageId: string) => call(api.DELETE('/messages/{id}', { params: { path: { id: messageId } } })),
    onSuccess: (_data, messageId) => removeFromThread(otherId, messageId),
  });
}
