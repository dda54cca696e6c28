import { z } from 'zod';
import { MEMBER_TYPES, memberFiltersSchema } from './member.schema';
import { text } from './text.schema';
import { pageCursorSchema } from './cursor.schema';

/** Saved searches a member may keep (a clear 409 beyond). */
export const SAVED_SEARCHES_MAX = 20;
export const SAVED_SEARCH_NAME_MAX = 60;

/** POST /api/v1/saved-searches: a name and the same filters as GET /api/v1/members. */
export const savedSearchInputSchema = z.object({
  name: text({ error: 'Give the search a name' })
    .trim()
    .min(1, 'Give the search a name')
    .max(SAVED_SEARCH_NAME_MAX, `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  filters: memberFiltersSchema,
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;

export const savedSearchDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the filters as query-string parameters (memberFiltersToParams): the results page's URL */
  filters: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type SavedSearchDto = z.infer<typeof savedSearchDtoSchema>;

export const savedSearchesResponseSchema = z.object({ items: z.array(savedSearchDtoSchema) });
export type SavedSearchesResponse = z.infer<typeof savedSearchesResponseSchema>;

export const PHOTOS_PAGE_SIZE = 24;

/** GET /api/v1/search/photos: Photos by Category, optionally of one member type. */
export const photosQuerySchema = z.object({
  type: z.enum(MEMBER_TYPES, { error: 'Choose Couples, Women, Men or TV-TS-CD' }).optional(),
  /** where the next page begins: opaque, as the previous page's `nextCursor` gave it */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(60).default(PHOTOS_PAGE_SIZE),
});

/** A gallery photo in Photos by Category, with who it belongs to. */
export const categoryPhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  owner: z.object({ userId: z.string(), username: z.string(), displayName: z.string(), type: z.enum(MEMBER_TYPES).nullable() }),
});
export type CategoryPhoto = z.infer<typeof categoryPhotoSchema>;

export const categoryPhotosResponseSchema = z.object({ items: z.array(categoryPhotoSchema), nextCursor: z.string().nullable() });
export type CategoryPhotosResponse = z.infer<typeof categoryPhotosResponseSchema>;
