import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth';

/** One profile per member (spec §3 Profile). The profiles issue builds it out. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    bio: text('bio'),
    age: integer('age'),
    /** a couple's second age ('28 & 32'); null for individuals */
    partnerAge: integer('partner_age'),
    locationCity: text('location_city'),
    locationCountry: text('location_country'),
    /**
     * The centre of the ~1 km grid cell the member is in (core/geo/grid.ts), never the raw position:
     * from the device while Who's Near is on, else from the city. Null when unknown.
     */
    locationLat: doublePrecision('location_lat'),
    locationLng: doublePrecision('location_lng'),
    /** 'device' (browser geolocation) or 'city' (the gazetteer); a city edit does not replace a device cell */
    locationSource: text('location_source'),
    relationshipStatus: text('relationship_status'),
    gender: text('gender'),
    avatarUrl: text('avatar_url'),
    coverPhotoUrl: text('cover_photo_url'),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    kinks: text('kinks')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    orientation: text('orientation'),
    lookingFor: text('looking_for'),
    hideLastActive: boolean('hide_last_active').notNull().default(false),
    hideLocation: boolean('hide_location').notNull().default(false),
    anonymousMode: boolean('anonymous_mode').notNull().default(false),
    verificationStatus: text('verification_status').notNull().default('not_started'),
    membershipType: text('membership_type').notNull().default('free'),
    kind: text('kind').notNull().default('individual'),
    /** the wizard step a member reached, so a half-finished wizard resumes there */
    setupStep: integer('setup_step').notNull().default(1),
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    index('profiles_last_active_idx').on(t.lastActiveAt),
    index('profiles_created_idx').on(t.createdAt),
    index('profiles_location_idx').on(t.locationLat, t.locationLng),
    // username search matches anywhere in the name (ilike '%q%'): a trigram index serves it
    index('profiles_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    // Discovery at scale (bench/README.md): each serves a query shape of Members, Search or Discover.
    // Visible members by the activity others may see (Online First, and the activity order of the
    // other sorts): read in order and stopped at the page, never sorted whole.
    index('profiles_visible_activity_idx')
      .on(sql`(case when ${t.hideLastActive} then null else ${t.lastActiveAt} end) desc nulls last`, t.userId)
      .where(sql`${t.setupCompletedAt} is not null and not ${t.anonymousMode}`),
    // Visible, placed members by their cell, projected so distances come out in degrees of latitude
    // (longitude scaled by the cosine of latitude about 2° W, the middle of the UK): nearest first
    // (ORDER BY <->) and within a distance (<@ circle) from the index instead of a sort of everyone.
    index('profiles_visible_cell_idx')
      .using('gist', sql`point((${t.locationLng} + 2) * cos(radians(${t.locationLat})), ${t.locationLat})`)
      .where(sql`${t.locationLat} is not null and not ${t.hideLocation} and ${t.setupCompletedAt} is not null and not ${t.anonymousMode}`),
    // Discover's pool of members who hide their activity, newest first (their activity must not
    // decide whether they appear): read in order instead of walking every member by created_at.
    index('profiles_hidden_activity_created_idx')
      .on(t.createdAt)
      .where(sql`${t.hideLastActive} and ${t.setupCompletedAt} is not null and not ${t.anonymousMode}`),
    // content creators and their types (interests @> '{content-creator,video}')
    index('profiles_interests_idx').using('gin', t.interests),
    // town search and name search match anywhere in the text (ilike '%q%')
    index('profiles_city_trgm_idx').using('gin', t.locationCity.op('gin_trgm_ops')),
    index('profiles_display_name_trgm_idx').using('gin', t.displayName.op('gin_trgm_ops')),
    // The same two searches among members placed nowhere (no cell, or 'Hide Location'), who come
    // after everyone placed in nearest-first order and are read on their own: a few per cent of
    // members, so this index is small (username search at 100 000 members: that read 5 → 0.06 ms).
    index('profiles_unplaced_username_trgm_idx')
      .using('gin', t.username.op('gin_trgm_ops'))
      .where(sql`${t.locationLat} is null or ${t.hideLocation}`),
    index('profiles_unplaced_display_name_trgm_idx')
      .using('gin', t.displayName.op('gin_trgm_ops'))
      .where(sql`${t.locationLat} is null or ${t.hideLocation}`),
  ],
);
