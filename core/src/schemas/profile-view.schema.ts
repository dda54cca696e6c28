import { z } from 'zod';
import { memberCardSchema } from './member.schema';
import { pageCursorSchema } from './cursor.schema';

export const PROFILE_VIEWS_PAGE_SIZE = 24;
export const PROFILE_VIEWS_PAGE_MAX = 60;

/** The query of GET /api/v1/profile-views: paging only; whose views is always the caller's. */
export const profileViewsQuerySchema = z.object({
  /** where the page begins: the server's opaque keyset cursor (the previous page's nextCursor) */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce
    .number({ error: `Show between 1 and ${PROFILE_VIEWS_PAGE_MAX} at a time` })
    .int(`Show between 1 and ${PROFILE_VIEWS_PAGE_MAX} at a time`)
    .min(1, `Show between 1 and ${PROFILE_VIEWS_PAGE_MAX} at a time`)
    .max(PROFILE_VIEWS_PAGE_MAX, `Show between 1 and ${PROFILE_VIEWS_PAGE_MAX} at a time`)
    .default(PROFILE_VIEWS_PAGE_SIZE),
});
export type ProfileViewsQuery = z.input<typeof profileViewsQuerySchema>;

/**
 * One member who looked at the caller's profile: their card (as much as they let others see) and
 * the latest London day they looked. No time of day: that would tell when they were active.
 */
export const profileViewItemSchema = z.object({
  member: memberCardSchema,
  /** 'YYYY-MM-DD', the day in Europe/London */
  day: z.string(),
});
export type ProfileViewItem = z.infer<typeof profileViewItemSchema>;

export const profileViewsResponseSchema = z.object({ items: z.array(profileViewItemSchema), nextCursor: z.string().nullable() });
export type ProfileViewsResponse = z.infer<typeof profileViewsResponseSchema>;

/** How many different members looked at the caller's profile today (London day). */
export const profileViewsTodayResponseSchema = z.object({ count: z.number().int(), day: z.string() });
export type ProfileViewsTodayResponse = z.infer<typeof profileViewsTodayResponseSchema>;
