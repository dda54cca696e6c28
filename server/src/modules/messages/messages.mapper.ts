import type { ConversationDto, MessageDto, SentMessageDto } from '@velvet/core/schemas/message.schema';
import { z } from 'zod';
import type { ConversationRow, MessageRow, Position, SentRow } from './messages.repository';

/**
 * The database gives 'YYYY-MM-DDTHH:MM:SS.uuuuuuZ' (the repository's `iso`); the API gives the usual
 * millisecond ISO strings. Cutting the text is what `new Date(text).toISOString()` does (it truncates
 * to the millisecond) without parsing a date for every time of every message.
 */
const isoMs = (text: string) => (text.length === 27 ? `${text.slice(0, 23)}Z` : new Date(text).toISOString());

export function toMessageDto(row: MessageRow): MessageDto {
  return {
    id: row.id,
    clientId: row.clientId,
    senderId: row.senderId,
    receiverId: row.receiverId,
    content: row.content,
    messageType: row.messageType,
    createdAt: isoMs(row.createdAt),
    readAt: row.readAt ? isoMs(row.readAt) : null,
  };
}

export function toSentDto(row: SentRow): SentMessageDto {
  return {
    ...toMessageDto(row),
    receiver: { id: row.receiverId, username: row.username, displayName: row.displayName, avatarUrl: row.avatarUrl },
  };
}

export function toConversationDto(row: ConversationRow): ConversationDto {
  return {
    id: row.otherId,
    otherUser: {
      id: row.otherId,
      username: row.username,
      displayName: row.displayName,
      avatarUrl: row.avatarUrl,
      verified: row.verified,
      lastActiveAt: row.lastActiveAt ? isoMs(row.lastActiveAt) : null,
      online: row.online,
    },
    lastMessage: { id: row.lastId, content: row.lastContent, senderId: row.lastSenderId, createdAt: isoMs(row.lastAt) },
    lastMessageAt: isoMs(row.lastAt),
    unreadCount: row.unreadCount,
    starred: row.starred,
  };
}

/** A page link's keys: the exact time (as the repository's `iso` writes it) and the id that breaks ties. */
const POSITION_TIME = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
export const positionSchema = (id: RegExp): z.ZodType<Position> => z.object({ at: POSITION_TIME, id: z.string().regex(id) }).strict();
