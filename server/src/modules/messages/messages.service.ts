import { randomUUID } from 'node:crypto';
import { messages } from '@velvet/core/messages';
import { EVENT } from '@velvet/core/realtime/protocol';
import type {
  ConversationsResponse,
  MessageDto,
  SendMessageResponse,
  SentResponse,
  ThreadResponse,
} from '@velvet/core/schemas/message.schema';
import { AppError } from '../../middleware/errors';
import type { RealtimeEvents } from '../../realtime/hub';
import type { MessagesRepository } from './messages.repository';
import { activityCreated } from '../activity/activity.public';
import { UUID_SHAPE, USER_ID_SHAPE } from '@velvet/core/schemas/id.schema';
import { positionSchema, toConversationDto, toMessageDto, toSentDto } from './messages.mapper';
import type { CursorCodec } from '../../lib/keyset-cursor';
import type { Position } from './messages.repository';

const recipientNotFound = () => new AppError(404, 'RECIPIENT_NOT_FOUND', messages.messaging.recipientNotFound);

const conversationPosition = positionSchema(USER_ID_SHAPE);
const messagePosition = positionSchema(UUID_SHAPE);

/**
 * Messaging rules. Every query is scoped to the caller: a thread is always "me and the other",
 * a delete always "mine", so another member's messages are never reachable by id.
 */
export function messagesService(deps: { repo: MessagesRepository; events: RealtimeEvents; cursors: CursorCodec }) {
  const { repo, events, cursors } = deps;

  /** Pages are read one row longer than asked: the extra row says whether there is a next page. */
  function page<R, T>(rows: R[], limit: number, scope: string, map: (r: R) => T, position: (r: R) => Position) {
    const shown = cursors.page(rows, limit, scope, position);
    return { items: shown.rows.map(map), nextCursor: shown.nextCursor };
  }

  /** A conversation route's other member (its shape already checked by the route's schema): not the caller. */
  function checkOtherId(me: string, otherId: string) {
    if (otherId === me) throw new AppError(400, 'SELF', messages.messaging.self);
  }

  /** The other member of a conversation route: a real member who is not the caller. */
  async function otherMember(me: string, otherId: string) {
    checkOtherId(me, otherId);
    const relation = await repo.relation(me, otherId);
    if (!relation.exists) throw recipientNotFound();
    return relation;
  }

  function refuseBlocked(relation: { blockedByMe: boolean; blockedMe: boolean }) {
    if (relation.blockedByMe) throw new AppError(403, 'BLOCKED', messages.messaging.blockedByYou);
    // the member who was blocked is not told so: only that they cannot message this member
    if (relation.blockedMe) throw new AppError(403, 'CANNOT_MESSAGE', messages.messaging.blocked);
  }

  async function markRead(me: string, otherId: string) {
    const done = await repo.markRead(me, otherId);
    if (done.count > 0) await repo.readMessageActivities(me, otherId);
    if (done.count > 0 && done.readAt)
      await events.publish([me, otherId], {
        type: EVENT.messageRead,
        payload: { readerId: me, senderId: otherId, readAt: new Date(done.readAt).toISOString(), count: done.count },
      });
    return { count: done.count, readAt: done.readAt ? new Date(done.readAt).toISOString() : null };
  }

  return {
    async conversations(
      me: string,
      opts: { limit: number; cursor?: string; q?: string; starredOnly?: boolean },
    ): Promise<ConversationsResponse> {
      const scope = `conversations:${me}:${opts.starredOnly ? 'saved' : 'all'}:${opts.q ?? ''}`;
      const rows = await repo.conversations(me, {
        limit: opts.limit + 1,
        after: opts.cursor ? cursors.open(opts.cursor, conversationPosition, scope) : undefined,
        q: opts.q,
        starredOnly: opts.starredOnly,
      });
      return page(rows, opts.limit, scope, toConversationDto, (r) => ({ at: r.position, id: r.otherId }));
    },

    /**
     * One page of the thread, oldest → newest within the page; `before` pages back in time.
     * Loading the newest page is opening the thread: what the other member sent is marked read.
     */
    async thread(me: string, otherId: string, opts: { limit: number; before?: string }): Promise<ThreadResponse> {
      refuseBlocked(await otherMember(me, otherId));
      const scope = `thread:${me}:${otherId}`;
      const before = opts.before ? cursors.open(opts.before, messagePosition, scope) : undefined;
      if (!before) await markRead(me, otherId);
      const rows = await repo.thread(me, otherId, opts.limit + 1, before);
      const result = page(rows, opts.limit, scope, toMessageDto, (r) => ({ at: r.position, id: r.id }));
      return { items: result.items.reverse(), nextCursor: result.nextCursor };
    },

    async markRead(me: string, otherId: string) {
      refuseBlocked(await otherMember(me, otherId));
      return markRead(me, otherId);
    },

    /**
     * Stores a message (content already trimmed and checked by the shared schema). A retry with
     * the same client id returns the stored row instead of a second one.
     */
    async send(
      me: string,
      otherId: string,
      input: { content: string; clientId?: string },
    ): Promise<SendMessageResponse & { created: boolean }> {
      checkOtherId(me, otherId);
      const clientId = input.clientId ?? randomUUID();
      const result = await repo.insertUnlessBlocked({ senderId: me, receiverId: otherId, content: input.content, clientId });
      if (!result.exists) throw recipientNotFound();
      refuseBlocked(result);
      if (result.row) {
        const message = toMessageDto(result.row);
        // the message to both members' sockets, and the receiver's notification of it when one was recorded
        await events.publishAll([
          { to: [me, otherId], event: { type: EVENT.messageCreated, payload: { message } } },
          ...(result.activity ? [{ to: [otherId], event: activityCreated(result.activity) }] : []),
        ]);
        return { message, replayed: false, created: true };
      }
      const existing = await repo.findByClientId(me, clientId);
      if (!existing || existing.receiverId !== otherId || existing.content !== input.content)
        throw new AppError(409, 'CLIENT_ID_REUSED', messages.messaging.clientIdReused);
      return { message: toMessageDto(existing), replayed: true, created: false };
    },

    /** Only the sender deletes, only their own message: anything else is "not found", nothing changes. */
    async delete(me: string, messageId: string) {
      const deleted = await repo.deleteOwn(messageId, me);
      if (!deleted) throw new AppError(404, 'MESSAGE_NOT_FOUND', messages.messaging.notFound);
      await events.publish([deleted.senderId, deleted.receiverId], { type: EVENT.messageDeleted, payload: deleted });
      return deleted;
    },

    async sent(me: string, opts: { limit: number; cursor?: string }): Promise<SentResponse> {
      const scope = `sent:${me}`;
      const rows = await repo.sent(me, opts.limit + 1, opts.cursor ? cursors.open(opts.cursor, messagePosition, scope) : undefined);
      return page(rows, opts.limit, scope, toSentDto, (r) => ({ at: r.position, id: r.id }));
    },

    async star(me: string, otherId: string) {
      await otherMember(me, otherId);
      await repo.star(me, otherId);
    },

    async unstar(me: string, otherId: string) {
      await otherMember(me, otherId);
      await repo.unstar(me, otherId);
    },

    unreadCount: (me: string) => repo.unreadCount(me),

    /** For the realtime hub: a message announced by id only. */
    async findMessage(id: string): Promise<MessageDto | undefined> {
      const row = await repo.findById(id);
      return row ? toMessageDto(row) : undefined;
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
