import { z } from 'zod';
import {
  CLIENT_ID_SHAPE,
  CONVERSATION_SEARCH_MAX,
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PAGE_SIZE,
  MESSAGE_MAX_LENGTH,
  THREAD_PAGE_MAX,
  THREAD_PAGE_SIZE,
  messageLength,
} from '../constants/messaging';
import { messages } from '../messages';
import { messageIdSchema, userIdSchema } from './id.schema';
import { text, withoutNul } from './text.schema';
import { pageCursorSchema } from './cursor.schema';

export const messageContentSchema = z
  .string({ error: messages.messaging.empty })
  // a NUL is taken out of a message rather than refused (text.schema.ts)
  .transform((s) => withoutNul(s).trim())
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

/** `?limit=`: a whole number from 1 (absent or empty: the page size); above the list's maximum it is the maximum. */
const pageLimit = (fallback: number, max: number) =>
  z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (s === undefined || s === '') return fallback;
      if (!/^\d{1,4}$/.test(s) || Number(s) < 1) {
        ctx.addIssue({ code: 'custom', message: `limit must be a whole number from 1 to ${max}` });
        return z.NEVER;
      }
      return Math.min(Number(s), max);
    });

/** Text a conversation list is narrowed by (the other member's names); longer text is cut, not refused. */
const conversationSearch = text()
  .optional()
  .transform((s) => s?.trim().slice(0, CONVERSATION_SEARCH_MAX) || undefined);

/** GET /messages/conversations, /saved: a page of the list, optionally narrowed by a name. */
export const conversationsQuerySchema = z.object({
  limit: pageLimit(CONVERSATIONS_PAGE_SIZE, CONVERSATIONS_PAGE_MAX),
  /** the previous page's nextCursor */
  cursor: pageCursorSchema.optional(),
  q: conversationSearch,
});
/** GET /messages/sent: a page of the Sent tab. */
export const sentQuerySchema = conversationsQuerySchema.omit({ q: true });
/** GET /messages/conversations/:otherId/messages: the newest page, or the page before a cursor. */
export const threadQuerySchema = z.object({
  limit: pageLimit(THREAD_PAGE_SIZE, THREAD_PAGE_MAX),
  /** the previous (newer) page's nextCursor */
  before: pageCursorSchema.optional(),
});
/** The other member of a conversation (a conversation's id is the other member's id). */
export const conversationParamsSchema = z.object({ otherId: userIdSchema });
export const messageParamsSchema = z.object({ id: messageIdSchema });

export const markReadResponseSchema = z.object({ count: z.number().int(), readAt: z.string().nullable() });
export const starResponseSchema = z.object({ starred: z.boolean() });
export const deletedMessageResponseSchema = z.object({ deleted: z.string() });

/** A stored message as the API and the realtime events carry it. */
export const messageDtoSchema = z
  .object({
    id: z.string(),
    clientId: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    content: z.string(),
    messageType: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Message' });
export type MessageDto = z.infer<typeof messageDtoSchema>;

/** The other member of a conversation, as far as they let others see. */
export const conversationMemberSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  verified: z.boolean(),
  /** null when the member hides their last-active time */
  lastActiveAt: z.string().nullable(),
  /** false when the member hides their last-active time */
  online: z.boolean(),
});
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

/** One row of Inbox / Saved: derived by the server from the messages (spec §3 Conversation). */
export const conversationDtoSchema = z
  .object({
    /** the other member's id (spec: a conversation's id is the other user's id) */
    id: z.string(),
    otherUser: conversationMemberSchema,
    lastMessage: z.object({ id: z.string(), content: z.string(), senderId: z.string(), createdAt: z.string() }),
    lastMessageAt: z.string(),
    unreadCount: z.number().int(),
    starred: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type ConversationDto = z.infer<typeof conversationDtoSchema>;

/** A row of the Sent tab: the message and who it went to. */
export const sentMessageDtoSchema = messageDtoSchema.extend({
  receiver: z.object({
    id: z.string(),
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
});
export type SentMessageDto = z.infer<typeof sentMessageDtoSchema>;

/** A page of a list: pass `nextCursor` back as `cursor` (lists) or `before` (threads); null at the end. */
const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export const conversationsResponseSchema = pageOf(conversationDtoSchema);
export type ConversationsResponse = Page<ConversationDto>;
export const threadResponseSchema = pageOf(messageDtoSchema);
export type ThreadResponse = Page<MessageDto>;
export const sentResponseSchema = pageOf(sentMessageDtoSchema);
export type SentResponse = Page<SentMessageDto>;
export const sendMessageResponseSchema = z.object({
  message: messageDtoSchema,
  /** true when this was a retry of a message already stored (same clientId) */
  replayed: z.boolean(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;
export const unreadCountResponseSchema = z.object({ count: z.number().int() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;
