import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Activity } from '@velvet/core/schemas/activity.schema';
import { activityInsert, markMessageActivitiesRead, recordedActivity, toActivity, type ActivityRow } from '../activity/activity.public';
import { likePattern } from '../../db/like';
import { executePrepared } from '../../db/prepared';
import { blockedIdsOf } from '../../db/blocks';
import { hasBlocked, onlineExpr, visibleActivity } from '../../db/visibility';
import { messages, starredConversations, user } from '../../db/schema/index';

/** A keyset position: a timestamp with its full microseconds (as text) and an id breaking ties. */
export interface Position {
  at: string;
  id: string;
}

export interface MessageRow {
  id: string;
  clientId: string;
  senderId: string;
  receiverId: string;
  content: string;
  messageType: string;
  createdAt: string;
  readAt: string | null;
  /** the exact created_at, for cursors */
  position: string;
}

export interface ConversationRow {
  otherId: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  verified: boolean;
  lastActiveAt: string | null;
  online: boolean;
  lastId: string;
  lastContent: string;
  lastSenderId: string;
  lastAt: string;
  position: string;
  unreadCount: number;
  starred: boolean;
}

export interface SentRow extends MessageRow {
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
}

/** A timestamp as ISO text in UTC with microseconds: exact for keyset cursors, same on both drivers. */
const iso = (col: SQL | SQL.Aliased | string) =>
  sql`to_char(${typeof col === 'string' ? sql.raw(col) : col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Everyone in a block with `me`, as an array computed once per statement (db/blocks.ts): `x <> all(...)`
 * then filters rows one by one and keeps an ordered index scan (NOT EXISTS would become an anti-join
 * that reads every row before the LIMIT).
 */
const blockedWith = blockedIdsOf;

const messageColumns = sql`m.id, m.client_id as "clientId", m.sender_id as "senderId", m.receiver_id as "receiverId", m.content,
  m.message_type as "messageType", ${iso('m.created_at')} as "createdAt", ${iso('m.read_at')} as "readAt", ${iso('m.created_at')} as position`;

/** One row when `other` has an account: whether `me` blocked them, and whether they blocked `me`. */
const relationOf = (me: string, other: string) =>
  sql`${hasBlocked(me, sql`u.id`)} as "blockedByMe", ${hasBlocked(sql`u.id`, me)} as "blockedMe"
      from "user" u where u.id = ${other}`;

/** Every statement here reads or writes by member and message ids, whose plans do not depend on the values. */
const rows = executePrepared;

/** The only place that queries messages, starred conversations and (reading) blocks. */
export function messagesRepository(db: Db) {
  return {
    async findById(id: string): Promise<MessageRow | undefined> {
      const [row] = await rows<MessageRow>(db, sql`select ${messageColumns} from messages m where m.id = ${id}`);
      return row;
    },

    async findByClientId(senderId: string, clientId: string): Promise<MessageRow | undefined> {
      const [row] = await rows<MessageRow>(
        db,
        sql`select ${messageColumns} from messages m where m.sender_id = ${senderId} and m.client_id = ${clientId}`,
      );
      return row;
    },

    /** Whether the other member has an account, and whether a block stands between the two. */
    async relation(me: string, other: string): Promise<{ exists: boolean; blockedByMe: boolean; blockedMe: boolean }> {
      const [row] = await rows<{ blockedByMe: boolean; blockedMe: boolean }>(db, sql`select ${relationOf(me, other)}`);
      return row
        ? { exists: true, blockedByMe: row.blockedByMe, blockedMe: row.blockedMe }
        : { exists: false, blockedByMe: false, blockedMe: false };
    },

    /**
     * Stores a message unless a block stands between the two, in ONE statement with the checks: it
     * says whether the receiver exists and who blocked whom, and returns the stored row; no row when
     * refused, or when the sender already stored one with this client id. (The conversations summary
     * follows by trigger.)
     */
    async insertUnlessBlocked(values: {
      senderId: string;
      receiverId: string;
      content: string;
      clientId: string;
    }): Promise<{ exists: boolean; blockedByMe: boolean; blockedMe: boolean; row?: MessageRow; activity?: Activity }> {
      // the receiver's notification (activity.public's rules: one per conversation burst, none while one
      // from this sender is unread), recorded by the same statement about the message it stores: a send
      // is one prepared statement and one commit (one WAL flush on PostgreSQL, the send path's largest cost)
      const notification = activityInsert(
        { recipientId: values.receiverId, actorId: values.senderId, type: 'message' },
        { from: sql`stored`, subject: { kind: 'message', id: sql`stored.id::text` } },
      );
      const [found] = await rows<{ blockedByMe: boolean; blockedMe: boolean; stored: MessageRow | null; activity: ActivityRow | null }>(
        db,
        sql`with rel as (select ${relationOf(values.senderId, values.receiverId)}),
            stored as (
              insert into messages as m (client_id, sender_id, receiver_id, content, message_type)
              select ${values.clientId}, ${values.senderId}, ${values.receiverId}, ${values.content}, 'text'
              from rel where not rel."blockedByMe" and not rel."blockedMe"
              on conflict (sender_id, client_id) do nothing
              returning ${messageColumns}
            )${notification ? sql`, noticed as (${notification})` : sql``}
            select rel."blockedByMe", rel."blockedMe", (select row_to_json(stored) from stored) as stored,
              ${notification ? recordedActivity(sql`noticed`) : sql`null`} as activity
            from rel`,
      );
      if (!found) return { exists: false, blockedByMe: false, blockedMe: false };
      return {
        exists: true,
        blockedByMe: found.blockedByMe,
        blockedMe: found.blockedMe,
        row: found.stored ?? undefined,
        activity: found.activity ? toActivity(found.activity) : undefined,
      };
    },

    /**
     * One page of the pair's thread, newest first, strictly before `before`. Each direction is read
     * from its own index, newest first, so a long history costs no more than a short one.
     */
    async thread(me: string, other: string, limit: number, before?: Position): Promise<MessageRow[]> {
      const older = before ? sql`and (m.created_at, m.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``;
      return rows<MessageRow>(
        db,
        sql`select * from (
              (select ${messageColumns}, m.created_at as _at from messages m
                where m.sender_id = ${me} and m.receiver_id = ${other} ${older} order by m.created_at desc, m.id desc limit ${limit})
              union all
              (select ${messageColumns}, m.created_at as _at from messages m
                where m.sender_id = ${other} and m.receiver_id = ${me} ${older} order by m.created_at desc, m.id desc limit ${limit})
            ) t order by t._at desc, t.id desc limit ${limit}`,
      );
    },

    /** Marks what `senderId` sent to `readerId` as read. */
    async markRead(readerId: string, senderId: string): Promise<{ count: number; readAt: string | null }> {
      const [row] = await rows<{ count: number; readAt: string | null }>(
        db,
        sql`with done as (
              update messages set read_at = now()
              where receiver_id = ${readerId} and sender_id = ${senderId} and read_at is null
              returning read_at)
            select count(*)::int as count, ${iso('max(read_at)')} as "readAt" from done`,
      );
      return row ?? { count: 0, readAt: null };
    },

    /** `readerId` read what `senderId` sent: so is the notification of it. */
    async readMessageActivities(readerId: string, senderId: string): Promise<void> {
      await markMessageActivitiesRead(db, readerId, senderId);
    },

    /** Deletes a message only when `senderId` sent it. */
    async deleteOwn(id: string, senderId: string): Promise<{ id: string; senderId: string; receiverId: string } | undefined> {
      const [row] = await db
        .delete(messages)
        .where(and(eq(messages.id, id), eq(messages.senderId, senderId)))
        .returning({ id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId });
      return row;
    },

    /**
     * Inbox (or Saved): one row per other member, in ONE statement over the `conversations` summary
     * (kept by triggers on messages): an index scan of the member's rows, newest first, filtered
     * (blocks, search, Saved) and cut at the page; only the page's rows are joined to the last
     * message, profiles and users. Members in a block with the caller never appear.
     */
    async conversations(
      me: string,
      opts: { limit: number; after?: Position; q?: string; starredOnly?: boolean },
    ): Promise<ConversationRow[]> {
      const after = opts.after ? sql`and (c.last_message_at, c.other_id) < (${opts.after.at}::timestamptz, ${opts.after.id})` : sql``;
      const search = opts.q
        ? sql`and exists (select 1 from profiles sp where sp.user_id = c.other_id
                and (sp.username ilike ${likePattern(opts.q)} escape '\\' or sp.display_name ilike ${likePattern(opts.q)} escape '\\'))`
        : sql``;
      const onlyStarred = opts.starredOnly
        ? sql`and exists (select 1 from starred_conversations s where s.user_id = ${me} and s.other_user_id = c.other_id)`
        : sql``;
      const starred = sql`exists (select 1 from starred_conversations s where s.user_id = ${me} and s.other_user_id = l.other_id)`;
      return rows<ConversationRow>(
        db,
        sql`with page as (
              select c.other_id, c.last_message_id, c.last_message_at, c.last_sender_id, c.unread_count
              from conversations c
              where c.owner_id = ${me} and c.other_id <> all(${blockedWith(me)}) ${after} ${search} ${onlyStarred}
              order by c.last_message_at desc, c.other_id desc
              limit ${opts.limit}
            )
            select l.other_id as "otherId", p.username, p.display_name as "displayName", p.avatar_url as "avatarUrl",
                   coalesce(u.verified, false) as verified,
                   ${iso(visibleActivity)} as "lastActiveAt",
                   coalesce(${onlineExpr}, false) as online,
                   l.last_message_id as "lastId", lm.content as "lastContent", l.last_sender_id as "lastSenderId",
                   ${iso('l.last_message_at')} as "lastAt", ${iso('l.last_message_at')} as position,
                   l.unread_count as "unreadCount",
                   ${starred} as starred
            from page l
            join messages lm on lm.id = l.last_message_id
            join "user" u on u.id = l.other_id
            left join profiles p on p.user_id = l.other_id
            order by l.last_message_at desc, l.other_id desc`,
      );
    },

    /** The member's sent messages, newest first, with who each went to (not members in a block). */
    async sent(me: string, limit: number, before?: Position): Promise<SentRow[]> {
      const older = before ? sql`and (m.created_at, m.id) < (${before.at}::timestamptz, ${before.id}::uuid)` : sql``;
      return rows<SentRow>(
        db,
        sql`select ${messageColumns}, p.username, p.display_name as "displayName", p.avatar_url as "avatarUrl"
            from messages m left join profiles p on p.user_id = m.receiver_id
            where m.sender_id = ${me} and m.receiver_id <> all(${blockedWith(me)}) ${older}
            order by m.created_at desc, m.id desc limit ${limit}`,
      );
    },

    /** Messages waiting for the member, not counting members in a block: the sum of the summary's counts. */
    async unreadCount(me: string): Promise<number> {
      const [row] = await rows<{ count: number }>(
        db,
        sql`select coalesce(sum(c.unread_count), 0)::int as count from conversations c
            where c.owner_id = ${me} and c.unread_count > 0 and c.other_id <> all(${blockedWith(me)})`,
      );
      return row?.count ?? 0;
    },

    async star(me: string, other: string) {
      await db.insert(starredConversations).values({ userId: me, otherUserId: other }).onConflictDoNothing();
    },

    async unstar(me: string, other: string) {
      await db.delete(starredConversations).where(and(eq(starredConversations.userId, me), eq(starredConversations.otherUserId, other)));
    },

    async userExists(id: string): Promise<boolean> {
      const found = await db.select({ id: user.id }).from(user).where(eq(user.id, id)).limit(1);
      return found.length > 0;
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;
