// What other modules may use of Discover's likes: the count of matches a member's screens show.
import { sql, type SQL } from 'drizzle-orm';
import { decidedOn } from '../../db/decisions';
import { pageSeenBy } from '../../db/visibility';

/**
 * How many matches `me` has: other members they like who like them back, whose page `me` may open
 * (db/visibility.ts pageSeenBy: finished, not suspended, no block either way; a match in anonymous
 * mode still counts, as a friend does). One rule for the Discover stats row's Matches and the
 * dashboard's. Each like of theirs is asked once whether it was returned (db/decisions.ts). A subquery.
 */
export const matchesOf = (me: string): SQL =>
  sql`(select count(*) from likes a join profiles p on p.user_id = a.liked_id
    where a.liker_id = ${me} and a.liked_id <> ${me} and a.liked and ${decidedOn(sql`a.liked_id`, me, sql`l.liked`)} and ${pageSeenBy(me, sql`a.liked_id`)})`;
