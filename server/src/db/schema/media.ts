import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Photos and videos (DESIGN.md §5). Every image is stored re-encoded (no metadata) with a WebP
 * thumbnail beside it; originals are not kept.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** avatar | cover | gallery | content | verification */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    thumbKey: text('thumb_key'),
    contentType: text('content_type').notNull(),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes').notNull(),
    /** public | members | premium | ppv | private */
    visibility: text('visibility').notNull().default('members'),
    priceCents: integer('price_cents'),
    /** the gallery's order (0 first) */
    position: integer('position').notNull().default(0),
    /**
     * Reported as underage or as a non-consensual or stolen image: hidden from everyone but its owner
     * (who sees it marked "under review") and moderators until a moderator decides (migration 0021).
     */
    underReview: boolean('under_review').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_kind_idx').on(t.ownerId, t.kind, t.position)],
);
