import { api } from '../../../lib/api-client';

/** Marks what `otherId` sent as read (a message that arrived while the thread is open). */
export const markThreadRead = (otherId: string) =>
  api.post<{ count: number; readAt: string | null }>(`/messages/conversations/${encodeURIComponent(otherId)}/read`);
