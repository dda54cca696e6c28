import { z } from 'zod';
import { messages } from '../messages';
import { UUID_SHAPE } from './id.schema';
import { pageCursorSchema } from './cursor.schema';

export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_PAGE_MAX = 50;

/**
 * What can happen to a member (the Updates feed and notifications). 'fab' and 'new_content' are
 * recorded by the creator-content module (a fab on your content; new content from a friend or a
 * member you hotlisted).
 */
export const ACTIVITY_TYPES = [
  'like',
  'match',
  'message',
  'friend_invite',
  'friend_accept',
  'profile_view',
  'wink',
  'verification',
  'report',
  'fab',
  'new_content',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

const pageMessage = `Show between 1 and ${ACTIVITY_PAGE_MAX} at a time`;

/** GET /activities: a page of the feed, newest first; `unread` keeps only what is not read yet. */
export const activityQuerySchema = z.object({
  /** the previous page's nextCursor (opaque keyset cursor) */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce
    .number({ error: pageMessage })
    .int(pageMessage)
    .min(1, pageMessage)
    .max(ACTIVITY_PAGE_MAX, pageMessage)
    .default(ACTIVITY_PAGE_SIZE),
  unread: z.enum(['true', 'false'], { error: 'Choose true or false' }).optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityParamsSchema = z.object({ id: z.string({ error: messages.ids.activity }).regex(UUID_SHAPE, messages.ids.activity) });

/** Who did it, as the recipient may see them (a blocked, suspended or departed actor's activities are not listed). */
export const activityActorSchema = z.object({
  userId: z.string(),
  username: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ActivityActor = z.infer<typeof activityActorSchema>;

export const activitySchema = z
  .object({
    id: z.string(),
    type: z.enum(ACTIVITY_TYPES),
    /** null when the site itself did it (a verification or report decision) */
    actor: activityActorSchema.nullable(),
    /** what it is about, e.g. { kind: 'verification', id } */
    subject: z.object({ kind: z.string(), id: z.string() }).nullable(),
    /** the outcome of a decision: approved, rejected, actioned, dismissed */
    detail: z.string().nullable(),
    at: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;

export const activityPageSchema = z.object({ items: z.array(activitySchema), nextCursor: z.string().nullable() });
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityUnreadSchema = z.object({ unread: z.number().int().nonnegative() });
export type ActivityUnread = z.infer<typeof activityUnreadSchema>;

export const activityReadAllSchema = z.object({ marked: z.number().int().nonnegative() });

/**
 * GET /activities/hotlist: the latest public-facing update (new content) of each member on the
 * caller's hotlist who has one, as the caller was told of it.
 */
export const hotlistUpdatesSchema = z.object({
  items: z.array(z.object({ userId: z.string(), activity: activitySchema })),
});
export type HotlistUpdates = z.infer<typeof hotlistUpdatesSchema>;
