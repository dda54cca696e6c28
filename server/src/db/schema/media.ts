import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Photos and videos (DESIGN.md §5). Every image is stored re-encoded (no metadata) with a WebP
 * thumbnail beside it; originals are not kept. A video is stored remuxed without metadata, with a
 * poster frame (WebP) as its thumbnail.
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
    /** creator content (kind 'content'): its title and description (spec §3 Content draft) */
    title: text('title'),
    description: text('description'),
    /** image | video (creator content) */
    mediaType: text('media_type'),
    /** a blurred preview made at upload, served instead of the original to those not entitled (premium, ppv) */
    previewKey: text('preview_key'),
    /** a video's length in milliseconds */
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_owner_kind_idx').on(t.ownerId, t.kind, t.position),
    // a file is served by any of its keys (media.repository findByKeyFor): the thumbnail's and the
    // preview's are looked up as the stored file's is (its unique constraint), not by reading every row
    index('media_thumb_key_idx')
      .on(t.thumbKey)
      .where(sql`${t.thumbKey} is not null`),
    index('media_preview_key_idx')
      .on(t.previewKey)
      .where(sql`${t.previewKey} is not null`),
    // New Photos/Videos and the owner's own list: keyset pages, newest first
    index('media_content_new_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} = 'content'`),
    // Photos by Category: the photos every member may see, keyset pages newest first (migration 0032)
    index('media_gallery_new_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} = 'gallery' and ${t.visibility} in ('public', 'members') and not ${t.underReview}`),
    index('media_content_owner_idx')
      .on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.kind} = 'content'`),
    check('media_type_check', sql`${t.mediaType} is null or ${t.mediaType} in ('image', 'video')`),
    check('media_price_check', sql`${t.priceCents} is null or ${t.priceCents} > 0`),
  ],
);

/** 'Fab' (a like) on a photo or video: one per member per item. */
export const fabs = pgTable(
  'fabs',
  {
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaId, t.userId] }),
    // Pics you Fab'd, newest first
    index('fabs_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // Hot: Fabs of the last 7 days, per item
    index('fabs_recent_idx').on(t.createdAt, t.mediaId),
  ],
);
