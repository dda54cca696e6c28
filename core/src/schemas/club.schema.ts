import { z } from 'zod';
import { messages } from '../messages';
import { text } from './text.schema';
import { UUID_SHAPE } from './id.schema';
import { pageCursorSchema } from './cursor.schema';

const copy = messages.clubs;

/** The directory's regions, in the order the page shows them (spec §9: 11 region groups). */
export const CLUB_REGIONS = [
  'London',
  'North West',
  'East Midlands',
  'North East',
  'South East',
  'South West',
  'West Midlands',
  'Scotland',
  'Wales',
  'Northern Ireland',
  'Channel Islands',
] as const;
export type ClubRegion = (typeof CLUB_REGIONS)[number];

/** A club is new, and a review counts as new, for this many days after it was added or written. */
export const CLUB_NEW_DAYS = 30;
export const CLUB_SEARCH_MAX = 60;
export const CLUB_REVIEW_MAX = 2000;
export const CLUB_REVIEWS_PAGE = 20;

const shapedId = (message: string) => z.string({ error: message }).regex(UUID_SHAPE, message);
export const clubParamsSchema = z.object({ id: shapedId(messages.ids.club) });
export const clubReviewParamsSchema = z.object({ id: shapedId(messages.ids.club), reviewId: shapedId(messages.ids.review) });
export const clubSuggestionParamsSchema = z.object({ id: shapedId(messages.ids.suggestion) });

const searchBox = text()
  .trim()
  .max(CLUB_SEARCH_MAX, `Search text must be at most ${CLUB_SEARCH_MAX} characters`)
  .optional()
  .transform((s) => s?.replace(/\p{Cc}/gu, ' ').trim() || undefined);

/**
 * GET /clubs (spec §2 Clubs): `q` matches the name or the town, `location` the town, both
 * case-insensitive substrings; `region` (or all) applies together with them.
 */
export const clubsQuerySchema = z.object({
  q: searchBox,
  location: searchBox,
  region: z.enum(CLUB_REGIONS, { error: 'Choose one of the regions' }).optional(),
});
export type ClubsQuery = z.input<typeof clubsQuerySchema>;

export const clubSchema = z.object({
  id: z.string(),
  name: z.string(),
  town: z.string(),
  region: z.enum(CLUB_REGIONS),
  /** every review of the club */
  reviews: z.number().int(),
  /** reviews written in the last CLUB_NEW_DAYS days */
  newReviews: z.number().int(),
  /** listed in the last CLUB_NEW_DAYS days */
  isNew: z.boolean(),
  /** the mean of every review's stars, one decimal; null with no review */
  rating: z.number().nullable(),
});
export type Club = z.infer<typeof clubSchema>;

export const clubsResponseSchema = z.object({
  /** the clubs matching every filter, by region (in CLUB_REGIONS order), then name */
  items: z.array(clubSchema),
  /** per region, how many clubs match the text filters (the region buttons' counts) */
  regions: z.array(z.object({ region: z.enum(CLUB_REGIONS), count: z.number().int() })),
  /** every town of the directory with a club, A to Z (the locations list) */
  locations: z.array(z.string()),
});
export type ClubsResponse = z.infer<typeof clubsResponseSchema>;

const reviewAuthorSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});

export const clubReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** null when the author is in anonymous mode ('A member') */
  author: reviewAuthorSchema.nullable(),
  mine: z.boolean(),
});
export type ClubReview = z.infer<typeof clubReviewSchema>;

export const clubDetailSchema = clubSchema.extend({
  description: z.string(),
  addedAt: z.string(),
  /** the caller's own review of the club, if any */
  myReview: clubReviewSchema.nullable(),
});
export type ClubDetail = z.infer<typeof clubDetailSchema>;

export const clubReviewsQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
});
export const clubReviewsResponseSchema = z.object({ items: z.array(clubReviewSchema), nextCursor: z.string().nullable() });
export type ClubReviewsResponse = z.infer<typeof clubReviewsResponseSchema>;

/** PUT /clubs/:id/review: the caller's one review of a club, written or rewritten. */
export const clubReviewInputSchema = z.object({
  rating: z
    .number({ error: copy.reviews.ratingRequired })
    .int(copy.reviews.ratingRequired)
    .min(1, copy.reviews.ratingRequired)
    .max(5, copy.reviews.ratingRequired),
  text: text({ error: copy.reviews.textTooLong }).trim().max(CLUB_REVIEW_MAX, copy.reviews.textTooLong).default(''),
});
export type ClubReviewInput = z.input<typeof clubReviewInputSchema>;

/** POST /clubs/suggestions: a club a member would like listed, for moderators to check. */
export const clubSuggestionInputSchema = z.object({
  name: text({ error: copy.suggest.nameRequired }).trim().min(2, copy.suggest.nameRequired).max(100, copy.suggest.nameRequired),
  town: text({ error: copy.suggest.townRequired }).trim().min(2, copy.suggest.townRequired).max(60, copy.suggest.townRequired),
  region: z.enum(CLUB_REGIONS, { error: copy.suggest.regionRequired }),
  details: text({ error: copy.suggest.detailsTooLong }).trim().max(1000, copy.suggest.detailsTooLong).default(''),
});
export type ClubSuggestionInput = z.input<typeof clubSuggestionInputSchema>;

export const clubSuggestionSchema = z.object({
  id: z.string(),
  name: z.string(),
  town: z.string(),
  region: z.enum(CLUB_REGIONS),
  details: z.string(),
  createdAt: z.string(),
  /** who suggested it (null once their account is gone) */
  suggestedBy: reviewAuthorSchema.nullable(),
});
export type ClubSuggestion = z.infer<typeof clubSuggestionSchema>;
export const clubSuggestionsResponseSchema = z.object({ items: z.array(clubSuggestionSchema) });

/** A moderator's decision on a suggestion: approve (listed as given) or reject with a reason. */
export const clubSuggestionDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('reject'),
    reason: text({ error: copy.suggest.reasonRequired }).trim().min(1, copy.suggest.reasonRequired).max(500, copy.suggest.reasonRequired),
  }),
]);
export type ClubSuggestionDecision = z.infer<typeof clubSuggestionDecisionSchema>;
