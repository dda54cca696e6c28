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
    /**
     * The recency others may sort by (db/visibility.ts `activityKey`): '-infinity' for members who hide
     * it. A column, not an expression, so the discovery indexes can carry it and answer from the index.
     */
    activityKey: timestamp('activity_key', { withTimezone: true }).generatedAlwaysAs(
      sql`case when hide_last_active then '-infinity'::timestamptz else last_active_at end`,
    ),
    /** a profile photo (the With photo filter), for the same reason */
    hasPhoto: boolean('has_photo').generatedAlwaysAs(sql`avatar_url is not null`),
    /**
     * The names as a name search tests them in a list (modules/members/text-search.ts): the
     * username's words, U+001F, the display name's words, each spaced by `name_words` (migration 0029)
     */
    namesWords: text('names_words').generatedAlwaysAs(sql`name_words(username) || chr(31) || name_words(display_name)`),
    /** the account's `verified`, copied here by a trigger on "user" (migration 0018) so lists filter and show it without a join */
    verified: boolean('verified').notNull().default(false),
    /** the account's suspension ("user".banned), copied here by a trigger on "user" (migration 0021): suspended members are shown to nobody */
    suspended: boolean('suspended').notNull().default(false),
    /** the active verification badges (verification_badges), copied here on each decision so cards show them without a join */
    badges: text('badges')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => {
    // written as db/visibility.ts writes them (shownToAnyone, placedForOthers, activityKey), so the
    // planner can tell these indexes hold the lists' members in the lists' orders
    const findable = sql`${t.setupCompletedAt} is not null and not ${t.anonymousMode} and not ${t.suspended}`;
    const placed = sql`${findable} and ${t.locationLat} is not null and not ${t.hideLocation}`;
    const byActivity = [sql`${t.activityKey} desc`, sql`${t.userId} desc`] as const;
    return [
      uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
      index('profiles_last_active_idx').on(t.lastActiveAt),
      index('profiles_created_idx').on(t.createdAt),
      // Discovery (docs/architecture.md "Discovery"). The four activity-ordered indexes also carry the
      // columns the filters test (INCLUDE, written into migrations 0018 and 0020 by hand: drizzle cannot say it),
      // so a filtered list is read from the index alone. Each serves one order of the lists, over the
      // members others may find (finished, not anonymous, not suspended: db/visibility.ts `shownToAnyone`), in the
      // keyset order the pages walk, so a page is read in order and stopped at its end.
      // The activity others may sort by ('-infinity' for members who hide it): Online First, online now.
      index('profiles_findable_activity_idx')
        .on(...byActivity)
        .where(findable),
      // The Search hub's tiles by member type (Online First, online now, of one type)
      index('profiles_findable_gender_activity_idx')
        .on(t.gender, ...byActivity)
        .where(findable),
      // Newest First and the New ... tiles (INCLUDE the columns their filters test: migration 0037, by hand)
      index('profiles_findable_created_idx')
        .on(sql`${t.createdAt} desc`, sql`${t.userId} desc`)
        .where(findable),
      // The members of one cell by activity: nearest first walks the cells outwards (member_cells'
      // GiST index) and reads each cell's members from here, in order, as far as the page needs.
      index('profiles_findable_cell_activity_idx')
        .on(t.locationLat, t.locationLng, ...byActivity)
        .where(placed),
      // The content creators of one cell by activity (the Content Creators tiles, nearest first): a
      // few per cent of members, so walking the cells reads them alone, not everyone around them
      index('profiles_findable_creator_cell_activity_idx')
        .on(t.locationLat, t.locationLng, ...byActivity)
        .where(sql`${placed} and ${t.interests} @> '{content-creator}'::text[]`),
      // The verified members of one cell by activity (Verified only, Advanced Search): one in seven
      // members, so a verified-only walk reads them alone (INCLUDE columns in migrations 0020 and 0021)
      index('profiles_findable_verified_cell_activity_idx')
        .on(t.locationLat, t.locationLng, ...byActivity)
        .where(sql`${placed} and ${t.verified}`),
      // content creators and their types (interests @> '{content-creator,video}')
      index('profiles_interests_idx').using('gin', t.interests),
      // town search matches anywhere in the town (ilike '%q%')
      index('profiles_city_trgm_idx').using('gin', t.locationCity.op('gin_trgm_ops')),
    ];
  },
);
