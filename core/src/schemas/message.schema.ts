import { z } from 'zod';
import { messages } from '../messages';

/** Limits of messaging (spec §5 Message send; the issue sets 5 000 characters). */
export const MESSAGE_MAX_LENGTH = 5000;
/** A client-generated id makes a retried send idempotent: letters, digits, '-' and '_'. */
export const CLIENT_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_MAX = 100;
export const CONVERSATIONS_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_MAX = 100;
export const CONVERSATION_SEARCH_MAX = 60;

/** Characters as a member counts them (an emoji is one), not UTF-16 units. */
export const messageLength = (text: string) => [...text].length;

/** NUL cannot be stored in PostgreSQL text; nothing a person types contains it. */
// eslint-disable-next-line no-control-regex
const stripNul = (text: string) => text.replace(/\u0000/g, '');

export const messageContentSchema = z
  .string({ error: messages.messaging.empty })
  .transform((s) => stripNul(s).trim())
  .pipe(
    z
      .string()
      .min(1, messages.messaging.empty)
      .refine((s) => messageLength(s) <= MESSAGE_MAX_LENGTH, messages.messaging.tooLong),
  );

export const sendMessageSchema = z.object({
  content: messageContentSchema,
  /** optional: without one the send is not idempotent (the web app always sends one) */
  clientId: z.string({ error: messages.messaging.badClientId }).regex(CLIENT_ID_SHAPE, messages.messaging.badClientId).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** A stored message as the API and the realtime events carry it. */
export const messageDtoSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  senderId: z.string(),
  receiverId: z.string(),
  content: z.string(),
  messageType: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

/** The other member of a conversation, as far as they let others see. */
export interface ConversationMember {
  id: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  verified: boolean;
  /** null when the member hides their last-active time */
  lastActiveAt: string | null;
  /** false when the member hides their last-active time */
  online: boolean;
}

/** One row of Inbox / Saved: derived by the server from the messages (spec §3 Conversation). */
export interface ConversationDto {
  /** the other member's id (spec: a conversation's id is the other user's id) */
  id: string;
  otherUser: ConversationMember;
  lastMessage: { id: string; content: string; senderId: string; createdAt: string };
  lastMessageAt: string;
  unreadCount: number;
  starred: boolean;
}

/** A row of the Sent tab: the message and who it went to. */
export interface SentMessageDto extends MessageDto {
  receiver: { id: string; username: string | null; displayName: string | null; avatarUrl: string | null };
}

export interface Page<T> {
  items: T[];
  /** pass back as `cursor` (lists) or `before` (threads) for the next page; null at the end */
  nextCursor: string | null;
}

export type ConversationsResponse = Page<ConversationDto>;
export type ThreadResponse = Page<MessageDto>;
export type SentResponse = Page<SentMessageDto>;
export interface SendMessageResponse {
  message: MessageDto;
  /** true when this was a retry of a message already stored (same clientId) */
  replayed: boolean;
}
export interface UnreadCountResponse {
  count: number;
}
