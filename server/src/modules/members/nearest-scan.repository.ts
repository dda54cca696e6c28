import { sql, type SQL } from 'drizzle-orm';
import { limitOf, memberPoint } from '../../db/nearest';
import { activityKey, listedFor, onlineBy, onlineMinutes, placedForOthers } from '../../db/visibility';
import type { MemberCursor } from './member-cursor';
import type { MemberPage, MemberPages } from './member-pages.repository';
import { and } from './member-search';
import { startsWith, type NameSearch } from './text-search';

export type NearestCursor = Extract<MemberCursor, { sort: 'nearest' }>;

/**
 * After the member a nearest-first cursor names, for sorted matches `m` (band, d, user_id) with
 * their activity key `ak`.
 */
export const afterNearest = (after: NearestCursor | null, ak: SQL) =>
  !after
    ? sql`true`
    : after.band === 0
      ? sql`(m.band > 0 or m.d > ${after.d}::float8 or (m.d = ${after.d}::float8 and (${ak}, m.user_id) < (${after.ak}::timestamptz, ${after.id})))`
      : sql`(m.band > 1 or (${ak}, m.user_id) < (${after.ak}::timestamptz, ${after.id}))`;

/**
 * A scan reads this many matches more than a page: members at the same distance as the last one
 * read may not all have been read, so a page is settled by the matches nearer than it.
 */
const SCAN_MORE = 8;
/**
 * A name's scan reads at most this many entries of the text's first three characters: a text
 * rarer than about one entry in ten of its three characters' is read by nameNearest instead.
 */
export const NAME_SCAN_ENTRIES = 400;

/**
 * Nearest first as a GiST index's nearest-neighbour scan reads it (btree_gist: a key, then the
 * cell's point), for the searches whose matches an index keys ahead of place: a name's first three
 * characters (member_name_starts_nearest_idx, migration 0033), the minute of the activity others may
 * sort by for online now (profiles_online_nearest_idx, 0034). The scan reads matches in distance order
 * and stops a few past a page, with no count of them and no walk of the cells; each read returns null
 * when it cannot settle a whole page of the placed (too few matches, a caller placed nowhere), and
 * the caller reads the page another way.
 */
export function nearestScans(pages: MemberPages) {
  /**
   * A page from `near` (user_id, d: the first `matchesRead` matches after the cursor's distance, in
   * distance order): every match nearer than the last of them has been read, so those are ordered
   * by distance, activity and id and cut at the page. Null unless they fill it.
   */
  async function settled(
    me: string,
    near: SQL,
    matchesRead: number,
    after: NearestCursor | null,
    limit: number,
  ): Promise<MemberPage | null> {
    const ak = sql`p.activity_key`;
    const read = await pages.sortedPage(
      me,
      sql`near as materialized (${near}),
        edge as (select count(*) as n, max(n.d) as d from near n),
        m as (select distinct on (n.user_id collate "C") n.user_id, 0 as band, n.d from near n
          where (select e.n from edge e) = ${sql.raw(String(matchesRead))} and n.d < (select e.d from edge e)),
        k as (select m.user_id, m.band, m.d, ${ak} as ak from m join profiles p on p.user_id = m.user_id
          where ${afterNearest(after, ak)} order by m.d, ${ak} desc, m.user_id desc ${limitOf(limit)}),
        counted as (select count(*) as n from k)`,
      { genericPlan: true },
    );
    return read.matched === limit ? read.page : null;
  }

  return {
    /**
     * A name search that nothing else narrows: the entries sharing the text's first three
     * characters nearest `here`, at most NAME_SCAN_ENTRIES of them, tested against the text. Null
     * too for a text shorter than three characters (the index keys three).
     */
    async byName(me: string, here: SQL, search: NameSearch, after: NearestCursor | null, limit: number): Promise<MemberPage | null> {
      // the unplaced come after everyone placed, and this reads the placed alone
      if (after?.band === 1) return null;
      const matchesRead = limit + SCAN_MORE;
      // the entries aliased p, as db/visibility.ts writes its rules; ordered by the index's expression
      const near = sql`select s.user_id, s.d from (
          select p.user_id, p.field, p.rest, ${memberPoint} <-> ${here} as d
          from member_name_starts p
          where ${here} is not null and char_length(${search.from}) >= 3 and ${listedFor(me)} and ${placedForOthers}
            and left(p.rest, 3) = left(${search.from}, 3)
          order by ${memberPoint} <-> ${here} ${limitOf(NAME_SCAN_ENTRIES)}) s
        where ${startsWith(search, sql`s`)} ${after ? sql`and s.d >= ${after.d}::float8` : sql``} ${limitOf(matchesRead)}`;
      return settled(me, near, matchesRead, after, limit);
    },

    /**
     * Online now (`where`: the privacy filter, online now and at most a member type), the online
     * nearest `here` by the index of their activity's minute and place.
     */
    async online(me: string, here: SQL, where: SQL[], after: NearestCursor | null, limit: number): Promise<MemberPage | null> {
      if (after?.band === 1) return null;
      const matchesRead = limit + SCAN_MORE;
      // the scan is of the online's minutes (the index's key), to the second after it: with online
      // now itself beside the scan, the planner would read the activity index's newest end and sort
      // it, which it costs lower than this scan for a few hundred online (it reads several times more)
      const near = sql`select s.user_id, s.d from (
          select p.user_id, ${activityKey} as ak, ${memberPoint} <-> ${here} as d from profiles p
          where ${here} is not null and ${and([...where, placedForOthers, onlineMinutes])}
          order by ${memberPoint} <-> ${here} offset 0) s
        where ${onlineBy(sql`s.ak`)} ${after ? sql`and s.d >= ${after.d}::float8` : sql``} ${limitOf(matchesRead)}`;
      return settled(me, near, matchesRead, after, limit);
    },
  };
}
