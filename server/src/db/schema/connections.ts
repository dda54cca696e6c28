import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Friendships (spec §2 Friend Invites, My Friends): an invite from `inviter_id` to `invitee_id`,
 * 'pending' until accepted. One row per pair, whichever way round (the pair index): a declined or
 * cancelled invite, or a removed friend, is deleted. Rows across a block are kept and hidden while
 * the block stands (db/visibility.ts).
 */
export const friendships = pgTable(
  'friendships',
  {
    inviterId: text('inviter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    inviteeId: text('invitee_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.inviterId, t.inviteeId] }),
    uniqueIndex('friendships_pair_idx').on(sql`least(${t.inviterId}, ${t.inviteeId})`, sql`greatest(${t.inviterId}, ${t.inviteeId})`),
    index('friendships_invitee_idx').on(t.inviteeId, t.status),
    check('friendships_status_check', sql`${t.status} in ('pending', 'accepted')`),
    check('friendships_not_self_check', sql`${t.inviterId} <> ${t.inviteeId}`),
  ],
);

/** A member's private hotlist: members they keep an eye on. */
export const hotlist = pgTable(
  'hotlist',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.memberId] }),
    index('hotlist_user_created_idx').on(t.userId, t.createdAt),
    index('hotlist_member_idx').on(t.memberId),
    check('hotlist_not_self_check', sql`${t.userId} <> ${t.memberId}`),
  ],
);

/** Winks: at most one from a member to another per London day (the primary key). */
export const winks = pgTable(
  'winks',
  {
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.senderId, t.receiverId, t.day] }),
    index('winks_receiver_created_idx').on(t.receiverId, t.createdAt),
    index('winks_sender_created_idx').on(t.senderId, t.createdAt),
    check('winks_not_self_check', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

/** When the member last opened /friends (their invites) and /winks: what came after is NEW. */
export const connectionSeen = pgTable('connection_seen', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  invitesSeenAt: timestamp('invites_seen_at', { withTimezone: true }),
  winksSeenAt: timestamp('winks_seen_at', { withTimezone: true }),
});
