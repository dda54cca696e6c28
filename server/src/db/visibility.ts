import { sql, type SQL } from 'drizzle-orm';
import { ONLINE_MINUTES } from '@velvet/core/schemas/member.schema';
import { blockedIdsOf } from './blocks';

/**
 * What one member may see of others (DESIGN.md §7), as SQL over a profile aliased `p`. Every list
 * of members (Members, Discover, Who's Near, Search, Looked @ Me), every count, the profile page and
 * every member's photos are built on these, so a privacy rule changes in one place. The discovery
 * indexes (migrations 0014, 0018) are partial on `shownToAnyone` and `placedForOthers` and ordered by `activityKey`: written
 * here exactly as there, so the planner can use them. The community's count of verified members anyone
 * may be shown is kept by triggers written the same way (migration 0039; db/member-counts.test.ts
 * counts the profiles with `shownToAnyone` against it), and so is whether each profile view's viewer
 * is hidden from everyone (migration 0043; db/profile-view-totals.test.ts holds it to `shownToAnyone`).
 */

/** `blocker` has blocked `blocked`: one look-up on the (blocker_id, blocked_id) key. */
export const hasBlocked = (blocker: SQL | string, blocked: SQL | string) =>
  sql`exists (select 1 from user_blocks b where b.blocker_id = ${blocker} and b.blocked_id = ${blocked})`;

/**
 * Neither member has blocked the other (blocks hide both ways). Two look-ups on the
 * (blocker_id, blocked_id) key; one `or` of both directions reads every block for every row.
 */
export const noBlockBetween = (me: string, other: SQL) => sql`not ${hasBlocked(me, other)} and not ${hasBlocked(other, me)}`;

/**
 * `noBlockBetween` for many rows: everyone on either side of a block with `me` read once by the
 * statement (an init plan of a few primary-key look-ups, db/blocks.ts), each `other` checked against
 * them by id, not by two look-ups a row.
 */
export const noBlockWithAny = (me: string, other: SQL) => sql`${other} <> all(${blockedIdsOf(me)})`;

/**
 * Whether `viewer` looking at a profile leaves a trace (Looked @ Me): not while they are in anonymous
 * mode. Nothing is recorded then, so turning it off later reveals nothing either.
 */
export const leavesViewTrace = (viewer: string) =>
  sql`not exists (select 1 from profiles v where v.user_id = ${viewer} and v.anonymous_mode)`;

/**
 * Finished profiles of members not in anonymous mode and not suspended (profiles.suspended, kept from
 * "user".banned by migration 0021's triggers): anyone may be shown these, blocks aside.
 */
export const shownToAnyone = sql`p.setup_completed_at is not null and not p.anonymous_mode and not p.suspended`;

/** Members `me` may be shown: finished profiles, not anonymous, nobody on either side of a block. */
export const shownTo = (me: string) => sql`${shownToAnyone} and ${noBlockBetween(me, sql`p.user_id`)}`;

/**
 * A member's own page as `me` may open it by link: the profile page, their photos and the files
 * behind them. The member themself; others when the profile is finished and no block stands either
 * way. Anonymous mode hides a member from discovery and search (spec: "hides the profile from public
 * discovery and search"), not from someone who holds a link (a chat, Looked @ Me). A suspended
 * member's page is seen by nobody else. `owner` is the member's id and `p` their profile, left-joined:
 * a member with no profile yet is seen by nobody else.
 */
export const pageSeenBy = (me: string, owner: SQL) =>
  sql`(${owner} = ${me} or (p.setup_completed_at is not null and not p.suspended and ${noBlockBetween(me, owner)}))`;

/** Others `me` may see in discovery: everyone `shownTo` them but themself. */
export const visibleTo = (me: string) => sql`p.user_id <> ${me} and ${shownTo(me)}`;

/** `visibleTo` for a list: the blocks read once (noBlockWithAny). */
export const listedFor = (me: string) => sql`p.user_id <> ${me} and ${shownToAnyone} and ${noBlockWithAny(me, sql`p.user_id`)}`;

/** Placed for others: a cell, and not hiding it. Only these have a distance, or match one. */
export const placedForOthers = sql`p.location_lat is not null and not p.hide_location`;

/**
 * The recency others may sort by: '-infinity' (last) for members who hide it, so ordering cannot
 * reveal it either; never null, so keyset pages compare it as a row value. The rule is the stored
 * column's definition (profiles.activity_key, migration 0018: `case when hide_last_active then
 * '-infinity' else last_active_at end`), so the discovery indexes carry it and answer from the index.
 */
export const activityKey = sql`p.activity_key`;

/** The last-active time others may be told: null for members who hide it. */
export const visibleActivity = sql`case when p.hide_last_active then null else p.last_active_at end`;

/**
 * Whether `viewer` may follow the presence of the member of profile `p` live (the socket's
 * presence.watch): not when that member hides their last-active time, nor across a block.
 */
export const presenceSeenBy = (viewer: string) => sql`not p.hide_last_active and ${noBlockBetween(viewer, sql`p.user_id`)}`;

/** Online as others may see it: members who hide their last-active time are never online to others. */
// the interval written into the statement, so the planner can estimate how few are online now
export const onlineExpr = sql`(${activityKey} > now() - ${sql.raw(`interval '${ONLINE_MINUTES} minutes'`)})`;

/**
 * Whether `me` is told who wrote something others read in a shared place (a club review): their own,
 * or a finished profile not in anonymous mode (others read 'A member'). `p` is the author's profile,
 * left-joined. Across a block, the writing itself is hidden (`noBlockBetween`).
 */
export const authorNamedTo = (me: string, owner: SQL) => sql`(${owner} = ${me} or (${shownToAnyone}) is true)`;

/** The member is a premium member (profiles.membership_type): premium-only content is theirs to see. */
export const isPremiumMember = (userId: string) =>
  sql<boolean>`exists (select 1 from profiles vp where vp.user_id = ${userId} and vp.membership_type = 'premium')`;
