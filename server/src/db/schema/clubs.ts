import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The clubs directory (spec §2 Clubs). Listed by the demo seed (is_demo) or by a moderator approving a
 * member's suggestion; `region` is one of core's CLUB_REGIONS.
 */
export const clubs = pgTable(
  'clubs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    town: text('town').notNull(),
    region: text('region').notNull(),
    description: text('description').notNull().default(''),
    isDemo: boolean('is_demo').notNull().default(false),
    /** how many reviews, and their stars added up: kept by triggers on club_reviews (migration 0024), so the directory reads no review */
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clubs_region_name_idx').on(t.region, t.name)],
);

/** One review per member per club: 1 to 5 stars and an optional text; gone with the member's account. */
export const clubReviews = pgTable(
  'club_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('club_reviews_one_per_member').on(t.clubId, t.authorId),
    // a club's reviews newest first (keyset pages) and its counts
    index('club_reviews_club_created_idx').on(t.clubId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    check('club_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/** A club a member asked to be listed: pending until a moderator approves (a club row) or rejects it. */
export const clubSuggestions = pgTable(
  'club_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    suggestedBy: text('suggested_by').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    town: text('town').notNull(),
    region: text('region').notNull(),
    details: text('details').notNull().default(''),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('club_suggestions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
