import { z } from 'zod';
import { memberCardSchema } from './member.schema';
import { pageCursorSchema } from './cursor.schema';

export const CONNECTIONS_PAGE_SIZE = 24;
export const CONNECTIONS_PAGE_MAX = 60;

const pageMessage = `Show between 1 and ${CONNECTIONS_PAGE_MAX} at a time`;
const paging = {
  /** where the page begins: the server's opaque keyset cursor (the previous page's nextCursor) */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce
    .number({ error: pageMessage })
    .int(pageMessage)
    .min(1, pageMessage)
    .max(CONNECTIONS_PAGE_MAX, pageMessage)
    .default(CONNECTIONS_PAGE_SIZE),
};

/** /friends tabs: friends, invites received (Accept/Decline), invites sent (Cancel). */
export const FRIENDS_TABS = ['friends', 'received', 'sent'] as const;
export type FriendsTab = (typeof FRIENDS_TABS)[number];
export const friendsQuerySchema = z.object({
  tab: z.enum(FRIENDS_TABS, { error: 'Choose Friends, Received or Sent' }).default('friends'),
  ...paging,
});
export type FriendsQuery = z.input<typeof friendsQuerySchema>;

/** /winks tabs. */
export const WINKS_TABS = ['received', 'sent'] as const;
export type WinksTab = (typeof WINKS_TABS)[number];
export const winksQuerySchema = z.object({
  tab: z.enum(WINKS_TABS, { error: 'Choose Received or Sent' }).default('received'),
  ...paging,
});
export type WinksQuery = z.input<typeof winksQuerySchema>;

export const hotlistQuerySchema = z.object(paging);
export type HotlistQuery = z.input<typeof hotlistQuerySchema>;

/**
 * One member in a list of connections: their card, when the connection was made (the invite sent,
 * the friendship accepted, the wink, the hotlist add), and for the hotlist their last-active time
 * (null when they hide it) and the day they joined.
 */
export const connectionItemSchema = z.object({
  member: memberCardSchema,
  at: z.string(),
  lastActiveAt: z.string().nullable(),
  joinedAt: z.string(),
});
export type ConnectionItem = z.infer<typeof connectionItemSchema>;

export const connectionsPageSchema = z.object({ items: z.array(connectionItemSchema), nextCursor: z.string().nullable() });
export type ConnectionsPage = z.infer<typeof connectionsPageSchema>;

/**
 * Where the caller stands with another member: none, an invite they sent ('invited'), an invite
 * the other member sent ('invitedYou'), or friends.
 */
export const FRIENDSHIP_STATES = ['none', 'invited', 'invitedYou', 'friends'] as const;
export type FriendshipState = (typeof FRIENDSHIP_STATES)[number];

/** GET /connections/:userId: the state of each action on a profile page's action bar. */
export const connectionStateSchema = z.object({
  liked: z.boolean(),
  /** winked at them today (London day): a second wink waits until tomorrow */
  winkedToday: z.boolean(),
  friendship: z.enum(FRIENDSHIP_STATES),
  hotlisted: z.boolean(),
});
export type ConnectionState = z.infer<typeof connectionStateSchema>;

export const friendshipResponseSchema = z.object({ friendship: z.enum(FRIENDSHIP_STATES) });
export type FriendshipResponse = z.infer<typeof friendshipResponseSchema>;

/**
 * GET /connections/summary: the dashboard tiles' counts and the member's own stats, in one answer.
 * Only members the caller may see are counted (blocks hide both ways).
 */
export const connectionsSummarySchema = z.object({
  /** pending invites received */
  friendInvites: z.number().int(),
  /** of those, received since the member last opened /friends */
  friendInvitesNew: z.number().int(),
  friends: z.number().int(),
  /** winks received since the member last opened /winks */
  winksNew: z.number().int(),
  hotlist: z.number().int(),
  /** mutual likes */
  matches: z.number().int(),
  /** looks at the member's profile (one per viewer per day) */
  profileViews: z.number().int(),
  /** members who liked the member */
  likedYou: z.number().int(),
});
export type ConnectionsSummary = z.infer<typeof connectionsSummarySchema>;

/** What the member opened: their friend invites (/friends) or their winks (/winks). */
export const SEEN_KINDS = ['invites', 'winks'] as const;
export const seenBodySchema = z.object({ what: z.enum(SEEN_KINDS, { error: 'Choose invites or winks' }) });
