import { z } from 'zod';
import { DISCOVER_AGE, DISCOVER_DEFAULTS, DISCOVER_KM, DISCOVER_LOCATION_MAX } from '../constants/discover';
import { messages } from '../messages';
import { memberParamsSchema } from './id.schema';
import { distanceLabelSchema } from './member.schema';
import { text } from './text.schema';

/** Cards per GET /discover/next; the page asks for more when it has shown them all. */
export const DISCOVER_BATCH = 10;
/** A pass hides a member from Discover for this many days; then they come back (a like stands). */
export const DISCOVER_PASS_DAYS = 30;
/** Spec §9: at most 3 shared interests on a card. */
export const DISCOVER_SHARED_MAX = 3;

const age = (message: string, fallback: number) =>
  z.coerce.number({ error: message }).int(message).min(DISCOVER_AGE.min, message).max(DISCOVER_AGE.max, message).default(fallback);

/**
 * GET /api/v1/discover/next's query (spec §3 Search filter, §5). The ages are independent (no
 * cross-check: a minimum above the maximum simply finds nobody). The top of the age slider means
 * "65 and over", so older members are not silently left out. The location is a UK town or city to
 * measure the distance from instead of the member's own place.
 */
export const discoverFiltersSchema = z.object({
  minAge: age(messages.discover.minAge, DISCOVER_DEFAULTS.minAge),
  maxAge: age(messages.discover.maxAge, DISCOVER_DEFAULTS.maxAge),
  maxKm: z.coerce
    .number({ error: messages.discover.distance })
    .int(messages.discover.distance)
    .min(DISCOVER_KM.min, messages.discover.distance)
    .max(DISCOVER_KM.max, messages.discover.distance)
    .multipleOf(DISCOVER_KM.step, messages.discover.distance)
    .default(DISCOVER_DEFAULTS.maxKm),
  location: text({ error: messages.discover.locationTooLong })
    .trim()
    .max(DISCOVER_LOCATION_MAX, messages.discover.locationTooLong)
    .default(DISCOVER_DEFAULTS.location),
});
export type DiscoverFiltersInput = z.input<typeof discoverFiltersSchema>;
export type DiscoverFilters = z.output<typeof discoverFiltersSchema>;

/** The member a like or pass is about. */
export const discoverTargetSchema = memberParamsSchema;

/** A Discover profile card (spec §3), as much as the member lets others see. */
export const discoverCardSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    /** '34', or '28 & 32' for a couple */
    age: z.string().nullable(),
    /** their town, or null when they hide their location */
    location: z.string().nullable(),
    /** a coarse band between the two members' cells; null when either is unplaced or hides it */
    distance: distanceLabelSchema.nullable(),
    /** when they were last active (ISO time), or null when they hide it */
    lastActive: z.string().nullable(),
    verified: z.boolean(),
    /** false when they hide their last-active time */
    online: z.boolean(),
    avatarUrl: z.string().nullable(),
    /** up to 3 interests both members chose (creator tags are not interests) */
    commonInterests: z.array(z.string()),
    /** how many times members have looked at their profile */
    profileViews: z.number().int(),
    /** how many gallery photos other members may see */
    photos: z.number().int(),
  })
  .meta({ id: 'DiscoverCard' });
export type DiscoverCard = z.infer<typeof discoverCardSchema>;

export const discoverResponseSchema = z.object({
  items: z.array(discoverCardSchema),
  /**
   * false when the distance filter could not apply: the member has no place of their own (no known
   * town, Who's Near off) and gave no location to measure from. The page tells them so.
   */
  distanceApplied: z.boolean(),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;

/** The stats row (spec §3 Stats), all real counts. */
export const discoverStatsSchema = z.object({
  /** members online now (as the live 'N online' counts them) */
  online: z.number().int(),
  /** verified members the member may see */
  verified: z.number().int(),
  /** mutual likes */
  matches: z.number().int(),
  /** views of the member's own profile */
  views: z.number().int(),
});
export type DiscoverStats = z.infer<typeof discoverStatsSchema>;

/** The answer to a like or a pass; a like both ways is a match. */
export const likeResponseSchema = z.object({
  match: z.boolean(),
  member: z.object({ id: z.string(), username: z.string(), displayName: z.string() }).optional(),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** POST /discover/start-over: how many passed members come back. */
export const startOverResponseSchema = z.object({ restored: z.number().int() });
export type StartOverResponse = z.infer<typeof startOverResponseSchema>;
