import type { SendMessageResponse } from '@velvet/core/schemas/message.schema';
import { api } from '../../../lib/api-client';

/** Sends one message; the same clientId again returns the stored row (a retry never duplicates). */
export const sendMessage = (otherId: string, content: string, clientId: string) =>
  api.post<SendMessageResponse>(`/messages/conversations/${encodeURIComponent(otherId)}/messages`, { content, clientId });
