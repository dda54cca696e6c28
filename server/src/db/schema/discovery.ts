import { boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A member's decision on another in Discover (or the Like button on a member card): `liked` true is a
 * like, false a pass. One row per pair and direction; a like both ways is a match.
 */
export const likes = pgTable(
  'likes',
  {
    likerId: text('liker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    likedId: text('liked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    liked: boolean('liked').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.likerId, t.likedId] }), index('likes_liked_idx').on(t.likedId, t.liked)],
);

/** Who looked at whose profile: one row per viewer, profile and (London) day, for 'Looked @ Me'. */
export const profileViews = pgTable(
  'profile_views',
  {
    viewedId: text('viewed_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    viewerId: text('viewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.viewedId, t.day, t.viewerId] }), index('profile_views_viewer_idx').on(t.viewerId)],
);

/** A member's named search (the Search hub's Saved Searches): the filters as the search form sent them. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filters: jsonb('filters').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);
