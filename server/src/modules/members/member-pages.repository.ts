import { sql, type SQL } from 'drizzle-orm';
import type { Position } from '@velvet/core/geo/grid';
import { cellOf, limitOf } from '../../db/nearest';
import { activityKey } from '../../db/visibility';
import { memberCardColumns, type MemberCardRow } from './member-card';
import { afterActivity, and } from './member-search';

/** A member card's row with the Like button's state and the keys its page is ordered by (as text). */
export type MemberRow = MemberCardRow & {
  liked: boolean;
  /**
   * The keys the next page starts after, on the row a full page ends with alone (its statement's
   * `limit` less one; null on every other: see `keysOnRow`). band: nearest 0 placed, 1 unplaced;
   * verified 0 verified, 1 the others
   */
  band: number | null;
  /** distance between cells (nearest first, placed) */
  d: string | null;
  /** the activity others may sort by */
  ak: string | null;
  /** joined */
  c: string | null;
};

/**
 * A page of members, and the caller's own cell (distances are measured from it), read by the page's
 * statement itself: a list is one statement, with no look-up of the caller before it.
 */
export interface MemberPage {
  from: Position | null;
  /** as the statement gave them: each may carry the statement's other columns too (pageOf), so a row is read, never spread */
  rows: MemberRow[];
}

/**
 * A page's row number (1, 2, ...) in its order: the caller's cell is on the first row, the next
 * page's keys on the row a full page ends with, and nothing on the others. node-postgres makes a
 * string or a number of every value of every row, and these six were a fifth of a Who's Near page's
 * (61 rows, the bench's 20 callers alternated: 0.42-0.44 ms of the server's work with them on every
 * row, 0.36-0.39 without).
 */
const rowNumber = (order: SQL) => sql`row_number() over (order by ${order})`;
/** Where a page of `limit` rows (a statement's own limit) ends for the service, which asks one more than it shows: the row before the last. */
const keysOnRow = (limit: number) => sql.raw(String(Math.max(0, limit - 1)));

/** The caller's cell, as each page's statement selects it (`c`: their profile, left-joined), on its first row. */
type CallerColumns = { fromLat: number | null; fromLng: number | null };
const callerColumns = (n: SQL) =>
  sql`case when ${n} = 1 then c.location_lat end as "fromLat", case when ${n} = 1 then c.location_lng end as "fromLng"`;
/** One row for the caller whatever follows (their cell, null for a member with no profile), then the page's rows. */
const withCaller = (me: string) => sql`(select 1) one left join profiles c on c.user_id = ${me}`;
/**
 * The card's extra columns: the Like button's state and the keys the next page starts after (the
 * activity the page was ordered by; newest first's keys carry none, read from an index alone, and
 * take the member's row's), on the row `keysRow` of the page (`n` its row number) alone. `keys`: the
 * relation of the page's keys (`k`; `p` when it carries the card's columns).
 * The Like state is left to the planner, unlike Discover's test of each member it walks
 * (db/decisions.ts): it reads the reader's decisions once for the page (a hashed subplan), cheaper
 * than a look-up a card (61 on a Who's Near page: 0.1 ms more of the database's work a page at
 * 100 000 members) for all but members with thousands of them (3 000: 0.8 ms more a page).
 */
const cardExtras = (me: string, keys: SQL, n: SQL, keysRow: SQL) => {
  const onKeysRow = (value: SQL, name: string) => sql`case when ${n} = ${keysRow} then ${value} end as ${sql.raw(name)}`;
  return sql`exists (select 1 from likes l where l.liker_id = ${me} and l.liked_id = p.user_id and l.liked) as liked,
        ${onKeysRow(sql`${keys}.band`, 'band')}, ${onKeysRow(sql`${keys}.d::text`, 'd')},
        ${onKeysRow(sql`coalesce(${keys}.ak, ${activityKey})::text`, 'ak')}, ${onKeysRow(sql`p.created_at::text`, 'c')}`;
};

/**
 * A page statement's columns, ordered by `order` over `keys` with at most `limit` rows: the caller's
 * cell (first row), the card, the Like state and the next page's keys (the row before the last).
 */
const pageColumns = (me: string, keys: SQL, order: SQL, limit: number) => {
  const n = rowNumber(order);
  return sql`${callerColumns(n)}, ${memberCardColumns}, ${cardExtras(me, keys, n, keysOnRow(limit))}`;
};

/**
 * The columns of profiles `p` a card's row is made of (memberCardColumns and cardExtras read these
 * and user_id). A page whose statement reads its members' rows anyway carries them (`carried`), and
 * no member is looked up again by id: where every row read is shown (a list with no filter, whose
 * index would otherwise answer alone) that is a page's rows instead of a page's look-ups, 4 index
 * and table pages each (Who's Near at 100 000 members: 295 buffers a page, 119 carried).
 */
const CARD_SOURCE = [
  'username',
  'display_name',
  'age',
  'partner_age',
  'gender',
  'kind',
  'location_city',
  'location_lat',
  'location_lng',
  'hide_location',
  'avatar_url',
  'verified',
  'badges',
  'activity_key',
  'created_at',
] as const;
/** The card's columns, as a select list over profiles `p` (after a statement's own). */
export const cardSource = sql.raw(CARD_SOURCE.map((c) => `p.${c}`).join(', '));
/** The same, named (db/nearest.ts nearestWalk `columns`). */
export const cardSourceColumns: Record<string, SQL> = Object.fromEntries(CARD_SOURCE.map((c) => [c, sql.raw(`p.${c}`)]));

/** The page in a statement's rows: the first carries the caller's cell; a row with no member (userId null) is that alone. */
function pageOf(rows: (MemberRow & CallerColumns)[]): MemberPage {
  return {
    from: cellOf(rows[0]?.fromLat, rows[0]?.fromLng),
    // the caller's columns stay on the first row, unread: copying a row's twenty others away from them
    // took longer than making its card
    rows: rows.filter((r) => r.userId !== null),
  };
}

/** Two legs of one list, one after the other (the caller's cell is the same in both). */
export const concat = (a: MemberPage, b: MemberPage): MemberPage => ({ from: a.from ?? b.from, rows: [...a.rows, ...b.rows] });

/** A page's order over its keys (`k`, or `p` when carried). */
export type PageOrder = (keys: SQL) => SQL;
const byActivity: PageOrder = (k) => sql`${k}.ak desc, ${k}.user_id desc`;
export const byDistance: PageOrder = (k) => sql`${k}.band, ${k}.d, ${k}.ak desc, ${k}.user_id desc`;
const KEYS = sql`k`;

/** Runs a statement (executePrepared); `genericPlan` keeps it to one plan whatever its values. */
export type RunStatement = <T>(query: SQL, opts?: { genericPlan?: boolean }) => Promise<T[]>;

/** Pages of member cards, each one statement run by `run`. */
export function memberPages(run: RunStatement) {
  /**
   * The cards of the members a keyed statement chose (user_id, band, d, ak), in the page's order:
   * the member card, the Like button's state and the keys the next page starts after. `limit`: the
   * keyed statement's. `carried`: the keyed rows carry the card's columns too (cardSource), and are
   * the card's row.
   */
  const cardsOf = async (me: string, keyed: SQL, order: PageOrder, limit: number, { carried = false } = {}): Promise<MemberPage> => {
    const keys = carried ? sql`p` : KEYS;
    const rows = carried ? sql`(${keyed}) p` : sql`((${keyed}) k join profiles p on p.user_id = k.user_id)`;
    return pageOf(
      await run<MemberRow & CallerColumns>(sql`select ${pageColumns(me, keys, order(keys), limit)}
      from ${withCaller(me)} left join ${rows} on true
      order by ${order(keys)}`),
    );
  };

  return {
    cardsOf,

    /**
     * Members in activity order (Online First; nearest first for a caller placed nowhere). `carried`
     * when every member read is shown (no condition but whom the caller may be shown).
     */
    activityPage: (
      me: string,
      where: SQL[],
      after: { ak: string; id: string } | null,
      limit: number,
      band: number | null = null,
      { carried = false } = {},
    ) =>
      cardsOf(
        me,
        sql`select p.user_id, ${band}::int as band, null::float8 as d, ${activityKey} as ak${carried ? sql`, ${cardSource}` : sql``}
          from profiles p
          where ${and([...where, ...(after ? [afterActivity(after)] : [])])}
          order by ${activityKey} desc, p.user_id desc ${limitOf(limit)}`,
        byActivity,
        limit,
        { carried },
      ),

    /**
     * A page of sorted matches: `ctes` end with `counted` (a number the caller decides by: how many
     * matches the index gave, a few more than the search's, past which the walk is the faster read;
     * how many the page holds, for a name's scan; 1 when the page stands, for online now's scan) and
     * `k` (the page's keys: user_id, band, d, ak, in order, at most `limit`), read with their cards in
     * one statement.
     */
    sortedPage: async (
      me: string,
      ctes: SQL,
      limit: number,
      opts: { genericPlan?: boolean } = {},
    ): Promise<{ page: MemberPage; matched: number }> => {
      const rows = await run<MemberRow & CallerColumns & { matched: number | string }>(
        sql`
        with ${ctes}
        select ${pageColumns(me, KEYS, byDistance(KEYS), limit)}, counted.n as matched
        from counted cross join ${withCaller(me)}
        left join (k join profiles p on p.user_id = k.user_id) on true
        order by ${byDistance(KEYS)}`,
        opts,
      );
      return { page: pageOf(rows), matched: Number(rows[0]?.matched ?? 0) };
    },
  };
}
export type MemberPages = ReturnType<typeof memberPages>;
