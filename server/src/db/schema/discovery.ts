import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { MEMBER_TYPE_GENDERS } from '@velvet/core/schemas/member.schema';
import { profiles } from './profiles';

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
    /**
     * The viewer is not one anyone may be shown (db/visibility.ts shownToAnyone on their profile, or
     * they have none): kept by triggers (migration 0043) as the viewer's profile changes, so a
     * member's count of views (profile_view_totals.hidden_views) needs no look at each viewer.
     */
    viewerHidden: boolean('viewer_hidden').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.viewedId, t.day, t.viewerId] }),
    index('profile_views_viewer_idx').on(t.viewerId),
    // whether a viewer looked again on a later day (Looked @ Me shows each at their latest): one look-up
    index('profile_views_viewed_viewer_idx').on(t.viewedId, t.viewerId, t.day),
    // a member's own look is never a view (profile-views.public.ts counts on it)
    check('profile_views_not_self_check', sql`${t.viewerId} <> ${t.viewedId}`),
  ],
);

/**
 * How many times each member's profile was viewed: every row of profile_views of theirs (a viewer
 * once a day), as the Discover card shows it. Kept by triggers on profile_views (migration 0042),
 * so a card reads one row instead of counting a popular member's thousands of views for each viewer
 * who is dealt them. A member never viewed has no row.
 */
export const profileViewTotals = pgTable('profile_view_totals', {
  viewedId: text('viewed_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  views: bigint('views', { mode: 'number' }).notNull(),
  /** of those, the views whose viewer is hidden from everyone now (profile_views.viewer_hidden) */
  hiddenViews: bigint('hidden_views', { mode: 'number' }).notNull().default(0),
});

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

/**
 * Where a member's names can be found by a username or name search: one row for each word start of
 * the username (field 0) and of the display name (field 1), spaced as searches compare them, from
 * that word to the end (`name_word_starts`, migration 0029: 'Velvet_Kim' gives 'velvet kim ' and
 * 'kim '), so a search is a range of one B-tree (the rows that begin with what was typed). With them, copied from the profile,
 * the columns db/visibility.ts tests (`shownToAnyone`, `placedForOthers`, the cell), so a text's
 * matches are read from the index alone, in the names' column order, with no visit to profiles. Kept
 * by triggers on profiles (migration 0029); the index with its INCLUDE list is written there by
 * hand (drizzle cannot say it), partial on the members others may find, and `rest` sorts bytewise
 * (COLLATE "C"), so a prefix is one range.
 */
export const memberNameStarts = pgTable(
  'member_name_starts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    /** 0 the username, 1 the display name */
    field: smallint('field').notNull(),
    /** COLLATE "C" in migration 0029 (drizzle cannot say it): a prefix is then one bytewise range */
    rest: text('rest').notNull(),
    setupCompletedAt: timestamp('setup_completed_at', { withTimezone: true }),
    anonymousMode: boolean('anonymous_mode').notNull(),
    suspended: boolean('suspended').notNull(),
    locationLat: doublePrecision('location_lat'),
    locationLng: doublePrecision('location_lng'),
    hideLocation: boolean('hide_location').notNull(),
  },
  (t) => [
    index('member_name_starts_user_idx').on(t.userId),
    index('member_name_starts_findable_idx')
      .on(t.field, t.rest)
      .where(sql`${t.setupCompletedAt} is not null and not ${t.anonymousMode} and not ${t.suspended}`),
    // a cell's members by their names' word starts: the walk of the cells for a name (migrations
    // 0030, 0031; the field is carried, not a key, so a text is one range of a cell's entries; its
    // INCLUDE list is written in 0031 by hand)
    index('member_name_starts_cell_rest_idx')
      .on(t.locationLat, t.locationLng, t.rest)
      .where(sql`${t.locationLat} is not null`),
    // nearest first for a name (migration 0033): the word starts that others may find and that are
    // placed for them, by their first three characters (btree_gist: pages split by them first, then
    // by place) and their cell's point, so a text's nearest entries are a nearest-neighbour scan
    // that reads its three characters' entries; the INCLUDE list (by hand in 0033) answers from the index
    index('member_name_starts_nearest_idx')
      .using('gist', sql`left(${t.rest}, 3)`, sql`point((${t.locationLng} + 2) * cos(radians(${t.locationLat})), ${t.locationLat})`)
      .where(
        sql`${t.setupCompletedAt} is not null and not ${t.anonymousMode} and not ${t.suspended} and ${t.locationLat} is not null and not ${t.hideLocation}`,
      ),
  ],
);

/** The member type of a relationship type (profiles.gender), as SQL: null for a gender no type covers. */
const memberTypeOf = (gender: SQL) =>
  sql`case ${sql.join(
    Object.entries(MEMBER_TYPE_GENDERS).map(
      ([type, genders]) => sql`when ${gender} in (${sql.raw(genders.map((g) => `'${g}'`).join(', '))}) then '${sql.raw(type)}'`,
    ),
    sql` `,
  )} end`;

/**
 * The members online now, as a place to read them from by distance (migration 0036): one row for each
 * member active within the last few minutes (more than db/visibility.ts `onlineExpr`'s window) who is
 * placed and does not hide their place, with what online now, nearest first reads before the profile:
 * the member type's column, the activity others may sort by, and the cell. Kept by triggers on
 * profiles; a list still tests every rule on the profile itself, so a row here only says where to look.
 */
export const memberOnline = pgTable(
  'member_online',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    gender: text('gender'),
    /** the Search hub's member type of the gender (core MEMBER_TYPE_GENDERS, written into the migration from it) */
    memberType: text('member_type').generatedAlwaysAs(memberTypeOf(sql`gender`)),
    activityKey: timestamp('activity_key', { withTimezone: true }).notNull(),
    locationLat: doublePrecision('location_lat').notNull(),
    locationLng: doublePrecision('location_lng').notNull(),
  },
  (t) => [
    // nearest first: a nearest-neighbour scan by the cell's point (written as db/nearest.ts
    // memberPoint), of one member type when one is asked (btree_gist: the index's pages split by the
    // type first, then by place; without a type the scan reads every type's pages by distance)
    index('member_online_nearest_idx').using(
      'gist',
      t.memberType,
      sql`point((${t.locationLng} + 2) * cos(radians(${t.locationLat})), ${t.locationLat})`,
    ),
  ],
);

/**
 * Counts of the whole community that every member's screens show, kept by triggers on profiles
 * (migration 0039) instead of counted when asked: one row. `verifiedShown`: the verified members
 * anyone may be shown (db/visibility.ts shownToAnyone), the stats row's Verified (Discover) less each
 * member's own blocks. Counted from an index, it read 143 000 entries at 1 000 000 members, and a
 * table whose rows change every heartbeat made that a second (the table's pages checked one by one).
 */
export const memberCounts = pgTable(
  'member_counts',
  {
    /** the one row */
    id: boolean('id').primaryKey().default(true),
    verifiedShown: bigint('verified_shown', { mode: 'number' }).notNull(),
  },
  (t) => [check('member_counts_one_row', sql`${t.id}`)],
);
