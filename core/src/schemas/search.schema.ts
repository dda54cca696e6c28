import { z } from 'zod';
import { MEMBER_TYPES, memberFiltersSchema, type MemberType } from './member.schema';

/** Saved searches a member may keep (a clear 409 beyond). */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 60;

/** POST /api/v1/saved-searches: a name and the same filters as GET /api/v1/members. */
export const savedSearchInputSchema = z.object({
  name: z
    .string({ error: 'Give the search a name' })
    .trim()
    .min(1, 'Give the search a name')
    .max(SAVED_SEARCH_NAME_MAX, `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  filters: memberFiltersSchema,
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

export interface SavedSearchDto {
  id: string;
  name: string;
  /** the filters as query-string parameters (memberFiltersToParams): the results page's URL */
  filters: Record<string, string>;
  createdAt: string;
}

export interface SavedSearchesResponse {
  items: SavedSearchDto[];
}

export const PHOTOS_PAGE_SIZE = 24;

/** GET /api/v1/search/photos: Photos by Category, optionally of one member type. */
export const photosQuerySchema = z.object({
  type: z.enum(MEMBER_TYPES, { error: 'Choose Couples, Women, Men or TV-TS-CD' }).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,7}$/, 'That page link is not valid. Reload and try again.')
    .optional()
    .transform((c) => (c ? Number(c) : 0)),
  limit: z.coerce.number().int().min(1).max(60).default(PHOTOS_PAGE_SIZE),
});

/** A gallery photo in Photos by Category, with who it belongs to. */
export interface CategoryPhoto {
  id: string;
  url: string;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
  owner: { userId: string; username: string; displayName: string; type: MemberType | null };
}

export interface CategoryPhotosResponse {
  items: CategoryPhoto[];
  nextCursor: string | null;
}
