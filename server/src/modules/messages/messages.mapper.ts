import type { ConversationDto, MessageDto, SentMessageDto } from '@velvet/core/schemas/message.schema';
import { messages } from '@velvet/core/messages';
import { AppError } from '../../middleware/errors';
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

/** Cursors are opaque to clients: the exact timestamp and the id that breaks ties. */
export const encodeCursor = (p: Position) => Buffer.from(`${p.at}|${p.id}`, 'utf8').toString('base64url');

const POSITION_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function decodeCursor(cursor: string | undefined, idShape: RegExp): Position | undefined {
  if (!cursor) return undefined;
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || extra !== undefined || !POSITION_SHAPE.test(at) || !idShape.test(id) || Number.isNaN(Date.parse(at)))
    throw new AppError(400, 'BAD_CURSOR', messages.messaging.badCursor);
  return { at, id };
}
