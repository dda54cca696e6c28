import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeFromThread } from '../thread-cache';

/** The sender deletes one of their own messages. */
export function useDeleteMessage(otherId: string) {
  return useMutation({
    mutationFn: (messageId: string) => api.delete<{ deleted: string }>(`/messages/${encodeURIComponent(messageId)}`),
    onSuccess: (_data, messageId) => removeFromThread(otherId, messageId),
  });
}
