import { z } from 'zod';
import { activitySchema } from '../schemas/activity.schema';
import { messageDtoSchema } from '../schemas/message.schema';
import { EVENT, PRESENCE_WATCH_MAX } from './protocol';

/**
 * The realtime protocol's frames: every frame is one JSON object `{ type, payload }`. The server sends
 * ServerEvent, the browser sends ClientEvent. The names and numbers are in protocol.ts.
 */

const id = z.string().min(1).max(64);

/** Sent once the socket is registered: events from now on reach it. */
export const readyPayload = z.object({ userId: id });
/** A message was stored (to every socket of sender and receiver). */
export const messageCreatedPayload = z.object({ message: messageDtoSchema });
/** The sender deleted a message (to every socket of both members). */
export const messageDeletedPayload = z.object({ id: z.string(), senderId: id, receiverId: id });
/** `readerId` opened the thread: every message from `senderId` to them sent up to `readAt` is read. */
export const messageReadPayload = z.object({ readerId: id, senderId: id, readAt: z.string(), count: z.number().int().nonnegative() });
/** The other member started or stopped typing to you. */
export const typingPayload = z.object({ userId: id, typing: z.boolean() });
/** A watched member came online or went offline; never sent for members who hide their last-active time. */
export const presencePayload = z.object({ userId: id, online: z.boolean(), lastActiveAt: z.string().nullable() });
/**
 * A block between you and `userId` now stands (`hidden`) or was lifted: drop them from (or bring them
 * back to) open chats, inboxes and lists. Sent to both members; it says nothing of who blocked whom.
 */
export const memberHiddenPayload = z.object({ userId: id, hidden: z.boolean() });
/** Something happened to you (the Updates feed and notifications): add it to the feed, bump the unread badge. */
export const activityCreatedPayload = z.object({ activity: activitySchema });
/**
 * You marked activities read (on any of your devices): one (`ids`) or every one (`all`). `unread` is
 * your unread count once it was done (up to 100, as GET /activities/unread-count): set the badge to it.
 */
export const activityReadPayload = z.union([
  z.object({ ids: z.array(z.string().max(64)).min(1).max(100), unread: z.number().int().nonnegative() }).strict(),
  z.object({ all: z.literal(true), unread: z.number().int().nonnegative() }).strict(),
]);
export type ActivityReadPayload = z.infer<typeof activityReadPayload>;
/** Events may have been missed (the server lost its database listener for a moment): refetch. */
export const resyncPayload = z.object({});
export const pongPayload = z.object({});

export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal(EVENT.ready), payload: readyPayload }),
  z.object({ type: z.literal(EVENT.messageCreated), payload: messageCreatedPayload }),
  z.object({ type: z.literal(EVENT.messageDeleted), payload: messageDeletedPayload }),
  z.object({ type: z.literal(EVENT.messageRead), payload: messageReadPayload }),
  z.object({ type: z.literal(EVENT.typing), payload: typingPayload }),
  z.object({ type: z.literal(EVENT.presence), payload: presencePayload }),
  z.object({ type: z.literal(EVENT.memberHidden), payload: memberHiddenPayload }),
  z.object({ type: z.literal(EVENT.activityCreated), payload: activityCreatedPayload }),
  z.object({ type: z.literal(EVENT.activityRead), payload: activityReadPayload }),
  z.object({ type: z.literal(EVENT.resync), payload: resyncPayload }),
  z.object({ type: z.literal(EVENT.pong), payload: pongPayload }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** What the browser may send. Anything else is ignored. */
export const clientEventSchema = z.discriminatedUnion('type', [
  /** tell `to` that I am (or stopped) typing to them */
  z.object({ type: z.literal('typing'), payload: z.object({ to: id, typing: z.boolean() }) }),
  /** the members whose presence I want (replaces the previous list); answered with one presence event each */
  z.object({ type: z.literal('presence.watch'), payload: z.object({ userIds: z.array(id).max(PRESENCE_WATCH_MAX) }) }),
  /** an application-level heartbeat: answered with pong */
  z.object({ type: z.literal('ping'), payload: z.object({}).optional() }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;
