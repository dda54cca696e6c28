import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** What an activity may say happened (core/src/schemas/activity.schema.ts ACTIVITY_TYPES, kept in step by the check). */
const TYPES = `'like', 'match', 'message', 'friend_invite', 'friend_accept', 'profile_view', 'wink', 'verification', 'report', 'fab', 'new_content'`;

/**
 * The Updates feed and notifications: something that happened TO `recipient_id`, done by `actor_id`
 * (null for the site itself: a verification or report decision). An actor who leaves takes their
 * activities with them (cascade); a blocked or suspended actor's are hidden while that lasts
 * (db/visibility.ts). `subject_kind`/`subject_id` name what it is about, `detail` the outcome
 * (approved, rejected, actioned, dismissed).
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    subjectKind: text('subject_kind'),
    subjectId: text('subject_id'),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // the feed, newest first, a keyset page at a time: in ORDER BY's own null order (desc is nulls first),
    // or the planner cannot walk it for `order by created_at desc, id desc` and sorts every row instead
    index('activities_feed_idx').on(t.recipientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the unread feed, the unread count and "mark all read" read only the unread rows
    index('activities_unread_idx')
      .on(t.recipientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.readAt} is null`),
    // one unread message activity per sender (no flood), and the actor's foreign key
    index('activities_actor_idx').on(t.actorId, t.recipientId, t.type),
    check('activities_type_check', sql`${t.type} in (${sql.raw(TYPES)})`),
    check('activities_not_self_check', sql`${t.actorId} is null or ${t.actorId} <> ${t.recipientId}`),
  ],
);
