import { messages } from '@velvet/core/messages';
import { USER_ID_SHAPE } from '@velvet/core/schemas/id.schema';
import type {
  ConnectionsPage,
  ConnectionsSummary,
  ConnectionState,
  FriendsTab,
  FriendshipResponse,
  WinksTab,
} from '@velvet/core/schemas/connection.schema';
import { londonDay } from '@velvet/core/time/london-day';
import { z } from 'zod';
import { PG_TIME_SHAPE, type CursorCodec } from '../../lib/keyset-cursor';
import { AppError } from '../../middleware/errors';
import { toMemberCard } from '../members/members.public';
import type { ConnectionList, ConnectionsAfter, ConnectionsRepository } from './connections.repository';

/** A page link's keys, in the shapes PostgreSQL wrote them: when the last connection was made, and the member's id. */
const connectionsCursorSchema: z.ZodType<ConnectionsAfter> = z
  .object({ at: z.string().regex(PG_TIME_SHAPE), id: z.string().regex(USER_ID_SHAPE) })
  .strict();

const notAvailable = () => new AppError(404, 'NOT_AVAILABLE', messages.connections.notAvailable);

/**
 * Friends, winks and the hotlist. Every read and write is the caller's own; another member is only
 * ever the other end, and only one whose page the caller may open (db/visibility.ts pageSeenBy): a
 * block either way reads as no such member (404), and hides rows made before it while it stands.
 */
export function connectionsService(
  repo: ConnectionsRepository,
  { cursors, clock = () => new Date() }: { cursors: CursorCodec; clock?: () => Date },
) {
  /** The other member of an action: not the caller, and one they may see. */
  async function target(me: string, other: string) {
    if (other === me) throw new AppError(400, 'SELF', messages.connections.self);
    if (!(await repo.canSee(me, other))) throw notAvailable();
  }

  async function list(which: ConnectionList, me: string, query: { cursor?: string; limit: number }): Promise<ConnectionsPage> {
    const scope = `connections:${which}:${me}`;
    const after = query.cursor ? cursors.open(query.cursor, connectionsCursorSchema, scope) : null;
    const [from, rows] = await Promise.all([repo.positionOf(me), repo.page(which, me, { after, limit: query.limit + 1 })]);
    const page = cursors.page(rows, query.limit, scope, (last): ConnectionsAfter => ({ at: last.atKey, id: last.userId }));
    return {
      items: page.rows.map((r) => ({ member: toMemberCard(r, from), at: r.at, lastActiveAt: r.lastActiveAt, joinedAt: r.joinedAt })),
      nextCursor: page.nextCursor,
    };
  }

  return {
    summary: (me: string): Promise<ConnectionsSummary> => repo.summary(me),

    async state(me: string, other: string): Promise<ConnectionState> {
      await target(me, other);
      return repo.state(me, other, londonDay(clock()));
    },

    friends: (me: string, query: { tab: FriendsTab; cursor?: string; limit: number }) => list(query.tab, me, query),
    winks: (me: string, query: { tab: WinksTab; cursor?: string; limit: number }) =>
      list(query.tab === 'received' ? 'winksReceived' : 'winksSent', me, query),
    hotlist: (me: string, query: { cursor?: string; limit: number }) => list('hotlist', me, query),

    markSeen: (me: string, what: 'invites' | 'winks') => repo.markSeen(me, what),

    /** Invite `other` (or accept their invite, when they sent one first). */
    async invite(me: string, other: string): Promise<FriendshipResponse> {
      await target(me, other);
      const now = await repo.invite(me, other);
      if (now) return { friendship: now };
      const { friendship } = await repo.state(me, other, londonDay(clock()));
      throw new AppError(
        409,
        friendship === 'friends' ? 'ALREADY_FRIENDS' : 'ALREADY_INVITED',
        friendship === 'friends' ? messages.connections.alreadyFriends : messages.connections.alreadyInvited,
      );
    },

    async accept(me: string, other: string): Promise<FriendshipResponse> {
      await target(me, other);
      if (!(await repo.accept(me, other))) throw new AppError(404, 'NO_INVITE', messages.connections.noInvite);
      return { friendship: 'friends' };
    },

    /** Declining, cancelling and removing only ever delete the caller's own rows, so a block does not stop them. */
    async decline(me: string, other: string): Promise<void> {
      if (!(await repo.decline(me, other))) throw new AppError(404, 'NO_INVITE', messages.connections.noInvite);
    },

    async remove(me: string, other: string): Promise<void> {
      if (!(await repo.remove(me, other))) throw new AppError(404, 'NOT_CONNECTED', messages.connections.notConnected);
    },

    /** One wink per member per other member per London day. */
    async wink(me: string, other: string): Promise<void> {
      await target(me, other);
      if (!(await repo.wink(me, other, londonDay(clock())))) throw new AppError(409, 'WINKED_TODAY', messages.connections.winkedToday);
    },

    async hotlistAdd(me: string, other: string): Promise<void> {
      await target(me, other);
      await repo.hotlistAdd(me, other);
    },

    async hotlistRemove(me: string, other: string): Promise<void> {
      if (!(await repo.hotlistRemove(me, other))) throw new AppError(404, 'NOT_ON_HOTLIST', messages.connections.notOnHotlist);
    },
  };
}
export type ConnectionsService = ReturnType<typeof connectionsService>;
