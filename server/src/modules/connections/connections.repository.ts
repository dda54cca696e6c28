import { sql, type SQL } from 'drizzle-orm';
import type { Position } from '@velvet/core/geo/grid';
import type { FriendshipState } from '@velvet/core/schemas/connection.schema';
import type { Db } from '../../db/client';
import { cellOf } from '../../db/nearest';
import { pageSeenBy, visibleActivity } from '../../db/visibility';
import { recordActivity } from '../activity/activity.public';
import { profileViewsOf } from '../profile-views/profile-views.public';
import { matchesOf } from '../discover/discover.public';
import { memberCardColumns, type MemberCardRow } from '../members/members.public';

/** A list of connections: friends, invites received or sent, winks received or sent, the hotlist. */
export type ConnectionList = 'friends' | 'received' | 'sent' | 'winksReceived' | 'winksSent' | 'hotlist';
/** `atKey` is the time as PostgreSQL wrote it (the page cursor's key); the others are ISO 8601 for the member's eyes. */
export type ConnectionRow = MemberCardRow & { atKey: string; at: string; lastActiveAt: string | null; joinedAt: string };
/** Where a page begins: after this one (when connected, as PostgreSQL wrote it; the member's id). */
export interface ConnectionsAfter {
  at: string;
  id: string;
}

/** Each list as (other, at): the member at the other end and when the connection was made. */
const sources: Record<ConnectionList, (me: string) => SQL> = {
  friends: (me) => sql`
    select invitee_id as other, accepted_at as at from friendships where inviter_id = ${me} and status = 'accepted'
    union all
    select inviter_id, accepted_at from friendships where invitee_id = ${me} and status = 'accepted'`,
  received: (me) => sql`select inviter_id as other, created_at as at from friendships where invitee_id = ${me} and status = 'pending'`,
  sent: (me) => sql`select invitee_id as other, created_at as at from friendships where inviter_id = ${me} and status = 'pending'`,
  winksReceived: (me) => sql`select sender_id as other, created_at as at from winks where receiver_id = ${me}`,
  winksSent: (me) => sql`select receiver_id as other, created_at as at from winks where sender_id = ${me}`,
  hotlist: (me) => sql`select member_id as other, created_at as at from hotlist where user_id = ${me}`,
};

/** The rows of `source` whose member `me` may see (their page by link: blocks hide both ways). */
const seen = (me: string, source: SQL) => sql`(${source}) s join profiles p on p.user_id = s.other where ${pageSeenBy(me, sql`s.other`)}`;

/** A time as ISO 8601 in UTC, as browsers read it. */
const iso = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Run = Pick<Db, 'execute'>;

const count = async (db: Run, query: SQL) => Number((await db.execute<{ n: number | string }>(query)).rows[0]?.n ?? 0);

export function connectionsRepository(db: Db) {
  return {
    /** Whether `me` may open `other`'s page (and so act on them): finished, and no block either way. */
    async canSee(me: string, other: string): Promise<boolean> {
      const rows = await db.execute<{ yes: boolean }>(
        sql`select exists (select 1 from profiles p where p.user_id = ${other} and ${pageSeenBy(me, sql`${other}`)}) as yes`,
      );
      return rows.rows[0]?.yes === true;
    },

    /** The member's own cell, for distances on the cards. */
    async positionOf(userId: string): Promise<Position | null> {
      const rows = await db.execute<{ lat: number | null; lng: number | null }>(
        sql`select location_lat as lat, location_lng as lng from profiles where user_id = ${userId}`,
      );
      return cellOf(rows.rows[0]?.lat, rows.rows[0]?.lng);
    },

    /** A page of one list, newest first (keyset: after `after`), members `me` may see only. */
    async page(list: ConnectionList, me: string, opts: { after: ConnectionsAfter | null; limit: number }): Promise<ConnectionRow[]> {
      const resume = opts.after ? sql`and (s.at, s.other) < (${opts.after.at}::timestamptz, ${opts.after.id})` : sql``;
      const rows = await db.execute<ConnectionRow>(sql`
        select ${memberCardColumns}, s.at::text as "atKey", ${iso(sql`s.at`)} as at,
          ${iso(visibleActivity)} as "lastActiveAt", ${iso(sql`p.created_at`)} as "joinedAt"
        from ${seen(me, sources[list](me))} ${resume}
        order by s.at desc, s.other desc
        limit ${opts.limit}`);
      return rows.rows;
    },

    /** Where `me` stands with `other`: the friendship either way, today's wink, the hotlist, the like. */
    async state(me: string, other: string, day: string) {
      const rows = await db.execute<{
        inviter: string | null;
        status: string | null;
        winked: boolean;
        hotlisted: boolean;
        liked: boolean;
      }>(sql`
        select f.inviter_id as inviter, f.status,
          exists (select 1 from winks where sender_id = ${me} and receiver_id = ${other} and day = ${day}::date) as winked,
          exists (select 1 from hotlist where user_id = ${me} and member_id = ${other}) as hotlisted,
          exists (select 1 from likes where liker_id = ${me} and liked_id = ${other} and liked) as liked
        from (select 1) one
        left join friendships f on (f.inviter_id = ${me} and f.invitee_id = ${other}) or (f.inviter_id = ${other} and f.invitee_id = ${me})`);
      const row = rows.rows[0]!;
      const friendship: FriendshipState =
        row.status === 'accepted' ? 'friends' : row.status === 'pending' ? (row.inviter === me ? 'invited' : 'invitedYou') : 'none';
      return { friendship, winkedToday: row.winked, hotlisted: row.hotlisted, liked: row.liked };
    },

    /**
     * `me` invites `other`: accepts their invite when they sent one, else stores a new invite. What
     * the pair is now, or null when they already were friends or `me` had already invited them.
     */
    invite(me: string, other: string): Promise<FriendshipState | null> {
      return db.transaction(async (tx) => {
        const accepted = await tx.execute(sql`
          update friendships set status = 'accepted', accepted_at = now()
          where inviter_id = ${other} and invitee_id = ${me} and status = 'pending' returning 1`);
        if (accepted.rows.length) {
          await recordActivity(tx, { recipientId: other, actorId: me, type: 'friend_accept' });
          return 'friends';
        }
        const inserted = await tx.execute(sql`
          insert into friendships (inviter_id, invitee_id) values (${me}, ${other}) on conflict do nothing returning 1`);
        if (!inserted.rows.length) return null;
        await recordActivity(tx, { recipientId: other, actorId: me, type: 'friend_invite' });
        return 'invited';
      });
    },

    /** `me` accepts `other`'s pending invite; false when there is none. */
    accept(me: string, other: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.execute(sql`
          update friendships set status = 'accepted', accepted_at = now()
          where inviter_id = ${other} and invitee_id = ${me} and status = 'pending' returning 1`);
        if (!rows.rows.length) return false;
        await recordActivity(tx, { recipientId: other, actorId: me, type: 'friend_accept' });
        return true;
      });
    },

    /** `me` declines `other`'s pending invite; false when there is none. */
    async decline(me: string, other: string): Promise<boolean> {
      const rows = await db.execute(sql`
        delete from friendships where inviter_id = ${other} and invitee_id = ${me} and status = 'pending' returning 1`);
      return rows.rows.length > 0;
    },

    /** `me` cancels the invite they sent `other`, or ends the friendship from either side; false when there is neither. */
    async remove(me: string, other: string): Promise<boolean> {
      const rows = await db.execute(sql`
        delete from friendships
        where (inviter_id = ${me} and invitee_id = ${other})
           or (inviter_id = ${other} and invitee_id = ${me} and status = 'accepted')
        returning 1`);
      return rows.rows.length > 0;
    },

    /** One wink from `me` to `other` on `day` (London); false when they already winked that day. */
    wink(me: string, other: string, day: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.execute(sql`
          insert into winks (sender_id, receiver_id, day) values (${me}, ${other}, ${day}::date) on conflict do nothing returning 1`);
        if (!rows.rows.length) return false;
        await recordActivity(tx, { recipientId: other, actorId: me, type: 'wink' });
        return true;
      });
    },

    /** Adds `other` to `me`'s hotlist (again: nothing changes). */
    async hotlistAdd(me: string, other: string): Promise<void> {
      await db.execute(sql`insert into hotlist (user_id, member_id) values (${me}, ${other}) on conflict do nothing`);
    },

    /** Takes `other` off `me`'s hotlist; false when they were not on it. */
    async hotlistRemove(me: string, other: string): Promise<boolean> {
      const rows = await db.execute(sql`delete from hotlist where user_id = ${me} and member_id = ${other} returning 1`);
      return rows.rows.length > 0;
    },

    /** The member opened their invites or their winks: what arrived until now is no longer new. */
    async markSeen(me: string, what: 'invites' | 'winks'): Promise<void> {
      const column = what === 'invites' ? sql.raw('invites_seen_at') : sql.raw('winks_seen_at');
      await db.execute(sql`
        insert into connection_seen (user_id, ${column}) values (${me}, now())
        on conflict (user_id) do update set ${column} = now()`);
    },

    /** The dashboard's counts and the member's own stats, of members `me` may see. */
    async summary(me: string) {
      const seenAt = (column: string) =>
        sql`coalesce((select ${sql.raw(column)} from connection_seen where user_id = ${me}), '-infinity'::timestamptz)`;
      const [friendInvites, friendInvitesNew, friends, winksNew, hotlistCount, matches, profileViews, likedYou] = await Promise.all([
        count(db, sql`select count(*) as n from ${seen(me, sources.received(me))}`),
        count(db, sql`select count(*) as n from ${seen(me, sources.received(me))} and s.at > ${seenAt('invites_seen_at')}`),
        count(db, sql`select count(*) as n from ${seen(me, sources.friends(me))}`),
        count(db, sql`select count(*) as n from ${seen(me, sources.winksReceived(me))} and s.at > ${seenAt('winks_seen_at')}`),
        count(db, sql`select count(*) as n from ${seen(me, sources.hotlist(me))}`),
        count(db, sql`select ${matchesOf(me)} as n`),
        count(db, sql`select ${profileViewsOf(me)} as n`),
        count(db, sql`select count(*) as n from ${seen(me, sql`select liker_id as other from likes where liked_id = ${me} and liked`)}`),
      ]);
      return { friendInvites, friendInvitesNew, friends, winksNew, hotlist: hotlistCount, matches, profileViews, likedYou };
    },
  };
}
export type ConnectionsRepository = ReturnType<typeof connectionsRepository>;
