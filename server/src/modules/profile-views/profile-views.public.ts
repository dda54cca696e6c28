// What other modules may use of profile views: the count of them a member's screens show.
import { sql, type SQL } from 'drizzle-orm';
import { listedFor } from '../../db/visibility';

/**
 * Which viewers (profile `p`) of `me`'s profile `me` is shown, in Looked @ Me and every count of
 * views: those they may be shown (db/visibility.ts), the blocks read once for all the views. A
 * member's own look is never a view (the table's check, migration 0041), so listedFor's "not
 * themself" leaves out nothing.
 */
export const viewersShownTo = (me: string): SQL => listedFor(me);

/**
 * How many times members `me` may be shown looked at their profile, by Looked @ Me's rule: each day
 * a viewer looked counts once (the Discover stats row's Views, the dashboard's profile views). A
 * subquery.
 */
export const profileViewsOf = (me: string): SQL =>
  sql`(select count(*) from profile_views v join profiles p on p.user_id = v.viewer_id
    where v.viewed_id = ${me} and ${viewersShownTo(me)})`;
