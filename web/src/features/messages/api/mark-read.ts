import { api, call } from '../../../lib/api-client';

/** Marks what `otherId` sent as read (a message that arrived while the thread is open). */
export const markThreadRead = (otherId: string) =>
  call(api.POST('/messages/conversations/{otherId}/read', { params: { path: { otherId } } }));
