import { sql, type SQL } from 'drizzle-orm';
import { ONLINE_MINUTES } from '@velvet/core/schemas/member.schema';

/**
 * What one member may see of others (DESIGN.md §7), as SQL over a profile aliased `p`. Every list
 * of members (Members, Discover, Who's Near, Search, Looked @ Me) is built on these, so a privacy
 * rule changes in one place.
 */

/**
 * Neither member has blocked the other (blocks hide both ways). Two look-ups on the
 * (blocker_id, blocked_id) key; one `or` of both directions reads every block for every row.
 */
export const noBlockBetween = (me: string, other: SQL) => sql`
  not exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = ${other})
  and not exists (select 1 from user_blocks b where b.blocker_id = ${other} and b.blocked_id = ${me})`;

/** Finished profiles of members not in anonymous mode: anyone may be shown these, blocks aside. */
export const shownToAnyone = sql`p.setup_completed_at is not null and not p.anonymous_mode`;

/** Members `me` may be shown: finished profiles, not anonymous, nobody on either side of a block. */
export const shownTo = (me: string) => sql`${shownToAnyone} and ${noBlockBetween(me, sql`p.user_id`)}`;

/** Others `me` may see in discovery: everyone `shownTo` them but themself. */
export const visibleTo = (me: string) => sql`p.user_id <> ${me} and ${shownTo(me)}`;

/**
 * `visibleTo`, with everyone on either side of a block with `me` already read (a few primary-key
 * look-ups): for statements planned on every request, where the two anti-joins of the block check
 * cost the planner more than running them does.
 */
export const visibleToExcept = (me: string, blocked: Iterable<string>) =>
  sql`p.user_id <> ${me} and ${shownToAnyone} and p.user_id <> all(string_to_array(${[...blocked].join(',')}, ','))`;

/** Online as others may see it: members who hide their last-active time are never online to others. */
export const onlineExpr = sql`(not p.hide_last_active and p.last_active_at > now() - make_interval(mins => ${ONLINE_MINUTES}))`;

/** Recency others may sort by: null (last) for members who hide it, so ordering cannot reveal it either. */
export const visibleActivity = sql`case when p.hide_last_active then null else p.last_active_at end`;
