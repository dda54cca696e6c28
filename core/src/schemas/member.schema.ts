import { z } from 'zod';
import { BADGE_TYPES } from '../constants/badges';
import { DISTANCE_BANDS, type DistanceLabel } from '../geo/grid';
import { CREATOR_TYPES, kindOf, RELATIONSHIP_TYPES, type RelationshipType } from '../constants/options';
import { text } from './text.schema';
import { pageCursorSchema } from './cursor.schema';
import { DISCOVER_KM } from '../constants/discover';
import { messages } from '../messages';

/** Members page sorts (spec §2, §9): nearest first is the default. */
export const MEMBER_SORTS = ['nearest', 'newest', 'online', 'verified'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const MEMBER_SORT_LABELS: Record<MemberSort, string> = {
  nearest: 'Nearest First',
  newest: 'Newest First',
  online: 'Online First',
  verified: 'Verified First',
};
export const MEMBERS_PAGE_SIZE = 24;
export const MEMBERS_PAGE_MAX = 60;
export const MEMBER_SEARCH_MAX = 60;
/** Online: a socket open, or active in the last 5 minutes (sockets keep last_active_at fresh). */
export const ONLINE_MINUTES = 5;
/** The distance slider's range (spec §5: 5 to 500 km, step 5); Who's Near looks 50 km around. */
export const MAX_KM = { ...DISCOVER_KM, whosNear: 50 } as const;
const distanceMessage = messages.discover.distance;

/** A position the browser reported (Who's Near on); the server keeps only its grid cell. */
export const devicePositionSchema = z.object({
  lat: z
    .number({ error: 'Latitude must be a number' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  lng: z
    .number({ error: 'Longitude must be a number' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
});

/** Whether Who's Near is on (the device placed the member), and whether the member is placed at all. */
export const locationStateResponseSchema = z.object({ whosNear: z.boolean(), placed: z.boolean() });
export type LocationStateResponse = z.infer<typeof locationStateResponseSchema>;

/** The Search hub's member types (spec §2 Search tiles). */
export const MEMBER_TYPES = ['couples', 'women', 'men', 'tvtscd'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const MEMBER_TYPE_LABELS: Record<MemberType, string> = { couples: 'Couples', women: 'Women', men: 'Men', tvtscd: 'TV-TS-CD' };
/**
 * Which relationship types (profiles.gender) each member type covers. Women and Men are single women
 * and men; TV-TS-CD are the trans relationship types (the options have no cross-dresser value).
 */
export const MEMBER_TYPE_GENDERS: Record<MemberType, readonly RelationshipType[]> = {
  couples: RELATIONSHIP_TYPES.filter((g) => kindOf(g) === 'couple'),
  women: ['single-female'],
  men: ['single-male'],
  tvtscd: ['single-trans-male', 'single-trans-female'],
};
/** The 'New …' tiles: members who joined in the last 14 days. */
export const NEW_MEMBER_DAYS = 14;
export const JOINED_DAYS_MAX = 365;
export const AGE_FILTER = { min: 18, max: 120 } as const;
/** `creator=any` is every content creator; a creator type narrows it to creators of that type. */
export const CREATOR_FILTERS = ['any', ...CREATOR_TYPES] as const;
export type CreatorFilter = (typeof CREATOR_FILTERS)[number];

// control characters (a pasted tab or newline) become spaces: no name holds one, and the names'
// separator in the database is one (server db/like.ts)
const searchText = text()
  .trim()
  .max(MEMBER_SEARCH_MAX, `Search text must be at most ${MEMBER_SEARCH_MAX} characters`)
  .optional()
  .transform((s) => s?.replace(/\p{Cc}/gu, ' ').trim() || undefined);

/** An on/off filter, from a query string ('1', 'true', '0', 'false') or JSON (true, false); off is absent. */
const flag = (what: string) =>
  z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { error: `${what} must be on or off` })
    .optional()
    .transform((v) => (v === true || v === '1' || v === 'true' ? true : undefined));

/** A whole number in a range, from text or JSON; an empty field is no filter. */
const optionalInt = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

const ageMessage = `Age must be between ${AGE_FILTER.min} and ${AGE_FILTER.max}`;

/** Every filter of the members list: the Search hub's tiles, Advanced Search and saved searches. */
const memberFilterShape = {
  sort: z.enum(MEMBER_SORTS, { error: 'Choose Nearest, Newest, Online or Verified' }).default('nearest'),
  /** a word of the username begins with it (punctuation and spaces read alike) */
  q: searchText,
  /** town contains (members who hide their location never match) */
  location: searchText,
  /** only members placed within this many km of the caller's cell (Who's Near, Discover's slider) */
  maxKm: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: distanceMessage })
      .int(distanceMessage)
      .min(MAX_KM.min, distanceMessage)
      .max(MAX_KM.max, distanceMessage)
      // the slider's steps: a radius between them would measure a member's distance finer than a card shows
      .multipleOf(MAX_KM.step, distanceMessage)
      .optional(),
  ),
  type: z.enum(MEMBER_TYPES, { error: 'Choose Couples, Women, Men or TV-TS-CD' }).optional(),
  online: flag('Online only'),
  /** joined within this many days */
  joinedDays: optionalInt(1, JOINED_DAYS_MAX, `Joined within must be between 1 and ${JOINED_DAYS_MAX} days`),
  /** a couple matches when either partner's age is in range */
  minAge: optionalInt(AGE_FILTER.min, AGE_FILTER.max, ageMessage),
  maxAge: optionalInt(AGE_FILTER.min, AGE_FILTER.max, ageMessage),
  verified: flag('Verified only'),
  withPhoto: flag('With photo only'),
  creator: z.enum(CREATOR_FILTERS, { error: 'Choose a content creator type' }).optional(),
  /** a word of the username or display name begins with it */
  name: searchText,
  /** only members placed by their device (Who's Near on): Who's Mobile Nearby */
  mobile: flag('Mobile only'),
};

const agesInOrder = (f: { minAge?: number; maxAge?: number }, ctx: z.RefinementCtx) => {
  if (f.minAge !== undefined && f.maxAge !== undefined && f.minAge > f.maxAge)
    ctx.addIssue({ code: 'custom', path: ['maxAge'], message: 'The maximum age must not be below the minimum age' });
};

export const memberFiltersSchema = z.object(memberFilterShape).superRefine(agesInOrder);
export type MemberFilters = z.output<typeof memberFiltersSchema>;

/** The query of GET /api/v1/members: the filters plus the page. */
export const membersQuerySchema = z
  .object({
    ...memberFilterShape,
    /** where the page begins: the server's opaque keyset cursor (the previous page's nextCursor) */
    cursor: pageCursorSchema.optional(),
    limit: z.coerce.number().int().min(1).max(MEMBERS_PAGE_MAX).default(MEMBERS_PAGE_SIZE),
  })
  .superRefine(agesInOrder);
export type MembersQuery = z.input<typeof membersQuerySchema>;

/**
 * Filters as query-string parameters (defaults left out, a fixed order): the results page's URL, and
 * the form a saved search is stored and returned in.
 */
export function memberFiltersToParams(f: MemberFilters): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, value: string | number | boolean | undefined) => {
    if (value === undefined || value === false) return;
    out[key] = value === true ? '1' : String(value);
  };
  if (f.sort !== 'nearest') put('sort', f.sort);
  put('q', f.q);
  put('location', f.location);
  put('maxKm', f.maxKm);
  put('type', f.type);
  put('online', f.online);
  put('joinedDays', f.joinedDays);
  put('minAge', f.minAge);
  put('maxAge', f.maxAge);
  put('verified', f.verified);
  put('withPhoto', f.withPhoto);
  put('creator', f.creator);
  put('name', f.name);
  put('mobile', f.mobile);
  return out;
}

/** A distance as members see it: a coarse band, never finer (geo/grid.ts). */
export const distanceLabelSchema = z.enum(DISTANCE_BANDS.map((b) => b.label) as [DistanceLabel, ...DistanceLabel[]]);

/** A member card (spec §3 Member card), as much as the member lets others see. */
export const memberCardSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    displayName: z.string(),
    /** '34', or '28 & 32' for a couple */
    ageText: z.string().nullable(),
    gender: z.string().nullable(),
    kind: z.enum(['individual', 'couple', 'group']),
    /** the city, or null when they hide their location */
    location: z.string().nullable(),
    /** a coarse band between the two members' grid cells, or null when either is not placed or hidden */
    distance: distanceLabelSchema.nullable(),
    avatarUrl: z.string().nullable(),
    verified: z.boolean(),
    /** the verification badges a moderator's approval earned (Verified Couple, Creator, Exclusive, Standard) */
    badges: z.array(z.enum(BADGE_TYPES)),
    /** false when they hide their last-active time */
    online: z.boolean(),
    /**
     * whether the viewer has liked this member (never whether they liked the viewer); the Members list
     * always says, other lists that reuse the card may leave it out (shown as not liked yet)
     */
    liked: z.boolean().optional(),
  })
  .meta({ id: 'MemberCard' });
export type MemberCard = z.infer<typeof memberCardSchema>;

export const membersResponseSchema = z.object({ items: z.array(memberCardSchema), nextCursor: z.string().nullable() });
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const onlineCountResponseSchema = z.object({ online: z.number().int() });
export type OnlineCountResponse = z.infer<typeof onlineCountResponseSchema>;
