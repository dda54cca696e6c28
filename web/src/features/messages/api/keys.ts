import { unreadMessagesKey } from '../../../lib/unread-messages';

/** Query keys of the messages feature; everything under ['messages'] is refetched after a reconnect. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  conversations: (q: string) => ['messages', 'list', 'conversations', q] as const,
  saved: (q: string) => ['messages', 'list', 'saved', q] as const,
  sent: ['messages', 'list', 'sent'] as const,
  thread: (otherId: string) => ['messages', 'thread', otherId] as const,
  unread: unreadMessagesKey,
  member: (otherId: string) => ['messages', 'member', otherId] as const,
};
