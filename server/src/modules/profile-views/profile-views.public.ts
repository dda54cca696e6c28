// What other modules may use of profile views: the count of them a member's screens show.
import { sql, type SQL } from 'drizzle-orm';
import { listedFor, noBlockWithAny } from '../../db/visibility';

/**
 * Which viewers (profile `p`) of `me`'s profile `me` is shown in Looked @ Me, and whom their count of
 * views counts (profileViewsOf, from what migration 0043 keeps by this rule; views-count.test.ts holds
 * the two together): those they may be shown (db/visibility.ts), the blocks read once for all the views. A
 * member's own look is never a view (the table's check, migration 0041), so listedFor's "not
 * themself" leaves out nothing.
 */
export const viewersShownTo = (me: string): SQL => listedFor(me);

/**
 * How many times members `me` may be shown looked at their profile, by Looked @ Me's rule: each day
 * a viewer looked counts once (the Discover stats row's Views, the dashboard's profile views). A
 * subquery, of two rows' worth whatever the views: the member's totals (all views, less those whose
 * viewer is hidden from everyone now: profile_views.viewer_hidden, kept by migration 0043's triggers
 * as visibility.ts shownToAnyone says) and the views of members on either side of a block with them
 * (noBlockWithAny), looked up by viewer. Counting each viewer's profile instead cost a member with
 * 20 000 views 20 000 look-ups a poll.
 */
export const profileViewsOf = (me: string): SQL =>
  sql`(coalesce((select t.views - t.hidden_views from profile_view_totals t where t.viewed_id = ${me}), 0)
    - (select count(*) from profile_views v where v.viewed_id = ${me} and not v.viewer_hidden
        and not ${noBlockWithAny(me, sql`v.viewer_id`)}))`;
