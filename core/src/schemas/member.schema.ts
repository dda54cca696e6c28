import { z } from 'zod';
import type { DistanceLabel } from '../geo/grid';

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
export const MAX_KM = { min: 5, max: 500, whosNear: 50 } as const;

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
export interface LocationStateResponse {
  whosNear: boolean;
  placed: boolean;
}

const searchText = z
  .string()
  .trim()
  .max(MEMBER_SEARCH_MAX, `Search text must be at most ${MEMBER_SEARCH_MAX} characters`)
  .optional()
  .transform((s) => (s ? s : undefined));

/** The query of GET /api/v1/members. */
export const membersQuerySchema = z.object({
  sort: z.enum(MEMBER_SORTS, { error: 'Choose Nearest, Newest, Online or Verified' }).default('nearest'),
  q: searchText,
  location: searchText,
  cursor: z
    .string()
    .regex(/^\d{1,7}$/, 'That page link is not valid. Reload and try again.')
    .optional()
    .transform((c) => (c ? Number(c) : 0)),
  limit: z.coerce.number().int().min(1).max(MEMBERS_PAGE_MAX).default(MEMBERS_PAGE_SIZE),
  /** only members placed within this many km of the caller's cell (Who's Near, Discover's slider) */
  maxKm: z.coerce
    .number()
    .int()
    .min(MAX_KM.min, `Distance must be between ${MAX_KM.min} and ${MAX_KM.max} km`)
    .max(MAX_KM.max, `Distance must be between ${MAX_KM.min} and ${MAX_KM.max} km`)
    .optional(),
});
export type MembersQuery = z.input<typeof membersQuerySchema>;

/** A member card (spec §3 Member card), as much as the member lets others see. */
export interface MemberCard {
  userId: string;
  username: string;
  displayName: string;
  /** '34', or '28 & 32' for a couple */
  ageText: string | null;
  gender: string | null;
  kind: 'individual' | 'couple' | 'group';
  /** the city, or null when they hide their location */
  location: string | null;
  /** a coarse band between the two members' grid cells, or null when either is not placed or hidden */
  distance: DistanceLabel | null;
  avatarUrl: string | null;
  verified: boolean;
  /** false when they hide their last-active time */
  online: boolean;
}

export interface MembersResponse {
  items: MemberCard[];
  nextCursor: string | null;
}

export interface OnlineCountResponse {
  online: number;
}
