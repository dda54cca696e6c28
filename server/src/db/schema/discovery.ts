import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * Every grid cell a member has been placed in (core/geo/grid.ts): the places nearest-first walks
 * outwards from, nearest first by the GiST index, reading each cell's members by activity from
 * profiles_findable_cell_activity_idx. Kept by a trigger on profiles (migration 0014); a cell is
 * never removed, so it holds no rule about who may be seen, only geometry (a cell left empty reads
 * nothing). Projected as `db/visibility.ts` measures: longitude scaled by the cosine of latitude
 * about 2° W, in degrees of latitude, so `<->` is a distance.
 */
export const memberCells = pgTable(
  'member_cells',
  {
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lat, t.lng] }),
    index('member_cells_point_idx').using('gist', sql`point((${t.lng} + 2) * cos(radians(${t.lat})), ${t.lat})`),
  ],
);
