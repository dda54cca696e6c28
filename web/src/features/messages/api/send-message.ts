import { api, call } from '../../../lib/api-client';

/** Sends one message; the same clientId again returns the stored row (a retry never duplicates). */
export const sendMessage = (otherId: string, content: string, clientId: string) =>
  call(api.POST('/messages/conversations/{otherId}/messages', { params: { path: { otherId } }, body: { content, clientId } }));
