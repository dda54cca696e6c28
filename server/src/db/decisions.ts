import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether `liker` has liked or passed `liked` (a row of likes, alias l, meeting `condition`); each a
 * member's id or a column of one. Asked once for each member a statement reads, it is one look-up of
 * the pair in the primary key, however many decisions either has made. The likes row is `l`: an
 * argument naming an outer `l` would read this row instead.
 *
 * Behind `offset 0` PostgreSQL keeps it as that look-up. Written plainly, it became a join or a
 * hashed subplan over every decision of the member's, read again for each statement (and, in the
 * generic plan, for each member read): at 100 000 members a viewer who had passed 3 000 others
 * cost the database 77 ms a Discover batch instead of 2. A hashed read of the member's decisions,
once a statement, is cheaper for a page of cards (member-pages.repository.ts cardExtras).
 */
export const decidedOn = (liker: string | SQL, liked: string | SQL, condition: SQL): SQL =>
  sql`exists (select 1 from likes l where l.liker_id = ${liker} and l.liked_id = ${liked} and ${condition} offset 0)`;
