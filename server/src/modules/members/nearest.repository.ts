import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { limitOf, memberPoint, nearestWalk, offsetLimit, type Within } from '../../db/nearest';
import { activityKey, listedFor, onlineExpr, placedForOthers, shownToAnyone } from '../../db/visibility';
import type { MemberCursor } from './member-cursor';
import { byDistance, cardSourceColumns, concat, type MemberPage, type MemberPages } from './member-pages.repository';
import { and, inside, listWhere, searchFilters, unplaced, type ListOptions } from './member-search';
import { nameSearchOf, startsInCell, startsWith, townSearchOf, type NameSearch, type TownSearch } from './text-search';

/**
 * Nearest first for a name or a town (an index of its own narrows them) reads every match and sorts
 * them when there are at most this many; past it, the matches are common enough that walking the
 * cells outwards finds a page sooner.
 */
export const MATCHES_SORTED_MAX = 1000;

/**
 * Nearest first for a name (nameNearestScan) reads at most this many entries of the text's first
 * three characters by distance to find a page's matches: when fewer than a page of them match
 * (a text rare among its three characters' entries near the caller), nameNearest reads the page.
 */
export const NAME_SCAN_ENTRIES = 400;
/** The matches a name's scan reads past a page, so that the page is settled by those nearer than the last one read. */
export const NAME_SCAN_MORE = 8;

/**
 * Online now, nearest first reads at most this many of the members online (of the type asked) by
 * distance (onlineNearestScan): a page (25) is settled when about half of those nearer than the last
 * one read pass the list's other rules, with room for a crowded cell at the end (at 1 000 000
 * members, at most 18 men online share a cell).
 */
export const ONLINE_SCAN_ENTRIES = 60;

type NearestCursor = Extract<MemberCursor, { sort: 'nearest' }>;

/** A search's filters but the text a name search reads by (the username's when asked, else the names'). */
const withoutNameText = (o: ListOptions): ListOptions => ({ ...o, ...(o.q !== undefined ? { q: undefined } : { name: undefined }) });

/**
 * After the member a nearest-first cursor names, for sorted matches `m` (band, d, user_id) with
 * their activity key `ak`.
 */
const afterNearest = (after: NearestCursor | null, ak: SQL) =>
  !after
    ? sql`true`
    : after.band === 0
      ? sql`(m.band > 0 or m.d > ${after.d}::float8 or (m.d = ${after.d}::float8 and (${ak}, m.user_id) < (${after.ak}::timestamptz, ${after.id})))`
      : sql`(m.band > 1 or (${ak}, m.user_id) < (${after.ak}::timestamptz, ${after.id}))`;
/** A match's keys: its band (placed or not), its distance from `here` when placed, over a row `p`. */
const nearestKeys = (here: SQL) => sql`p.user_id, case when ${placedForOthers} then 0 else 1 end as band,
        case when ${placedForOthers} then ${memberPoint} <-> ${here} end as d`;

/**
 * The nearest-first reads of the members lists: the cells walked outwards (db/nearest.ts), or a
 * narrowing filter's matches sorted by distance, then the unplaced.
 */
export function nearestReads(
  db: Db,
  pages: MemberPages,
  opts: {
    /** texts that match more than this many are walked (members.repository commonTextAbove) */
    commonTextAbove: number;
    /** the matches a name's scan reads past a page (NAME_SCAN_MORE; tests set 0 to read every page as a circle) */
    nameScanMore: number;
    /** the entries a name's scan reads at most (NAME_SCAN_ENTRIES; tests set few to stop it at its cap) */
    nameScanEntries: number;
    /** the members online a scan reads by distance (ONLINE_SCAN_ENTRIES; tests set few to walk) */
    onlineScanEntries: number;
  },
) {
  const { commonTextAbove, nameScanMore, nameScanEntries, onlineScanEntries } = opts;
  const { cardsOf, activityPage, sortedPage } = pages;

  /**
   * Nearest first from `here`: the placed members by distance (band 0), then, unless a distance is
   * asked, the unplaced by activity (band 1). A name alone (`name`: no other filter, no distance) is first
   * read by a GiST index's nearest-neighbour scan (nameNearestScan), as online now's placed are from
   * the members online (onlineNearestScan). A name or a town reads its matches and sorts them when
   * they are few; otherwise, and for every other search, the cells are walked outwards (db/nearest.ts).
   *
   * From the caller's own cell (`here` is cellPointOf), their statement finds out whether they are
   * placed at all: null when they are placed nowhere, and there is no nearest to list by (a list
   * within a distance is empty then).
   */
  async function nearestPage(me: string, o: ListOptions, here: SQL, where: SQL[], within: Within | null): Promise<MemberPage | null> {
    const fromCaller = !o.nearestTo;
    const placedNowhere = (page: MemberPage) => fromCaller && page.from === null && !within;
    const after = o.after?.sort === 'nearest' ? o.after : null;
    // the sorted read and the walk are planned the same whatever the texts (searchFilters textsLate)
    const fixedPlanWhere = listWhere(me, o, { textsLate: true });
    const names = nameSearchOf(o);
    // the walk of the cells outwards from `here`, after the cursor, as a page's keys. For a name of
    // four characters or more, each cell's candidates are its members whose names have a word start
    // beginning with it (member_name_starts_cell_rest_idx, migrations 0030–0031), each then read from profiles;
    // a shorter text begins a word of so many (8 % of members for 'sam') that reading the cell's
    // members in activity order from the index, to the page's end, reads less
    // (the text from its first letter or digit: never shorter than the names' spaced form of it)
    const typed = [...(o.q ?? o.name ?? '').replace(/^[^\p{L}\p{N}]+/u, '')].length;
    const byStarts = names !== null && typed > 3;
    // with no filter, every member the walk reads is shown: it carries their cards' columns (member-pages cardSource)
    const carried = fixedPlanWhere.length === 1;
    const walk = ({ carrying = false } = {}) =>
      sql`select ${carrying ? sql`w.*, 0 as band` : sql`w.user_id, 0 as band, w.d, w.ak`} from (${nearestWalk({
        here,
        where: and([...fixedPlanWhere, placedForOthers]),
        ...(within ? { within } : {}),
        ...(after?.band === 0 ? { after } : {}),
        limit: o.limit,
        ...(names && byStarts ? { candidates: (cell: { lat: SQL; lng: SQL }) => startsInCell(names, cell) } : {}),
        ...(carrying ? { columns: cardSourceColumns } : {}),
      })}) w`;
    let page: MemberPage = { from: null, rows: [] };
    // (a page of the unplaced, after everyone placed, reads neither matches nor cells)
    if (after?.band !== 1) {
      const town = names ? null : townSearchOf(o);
      let walked: MemberPage | null = null;
      if (names) {
        // the nearest-neighbour read of the name's entries first, when only a name narrows (not a
        // username: one asks for a member's handle, which few share, where a name is shared by many); then,
        // unless it settled a whole page, a name's matches counted, and sorted or walked, by one statement
        if (o.name !== undefined && !within && typed >= 3 && searchFilters(withoutNameText(o), { textsLate: true }).length === 0) {
          const scanned = await nameNearestScan(me, here, names, after, o.limit);
          if (scanned) return scanned;
        }
        const read = await nameNearest(me, here, names, o, within, after, walk());
        if (!read.walked) return placedNowhere(read.page) ? null : read.page;
        walked = read.page;
      } else if (town) {
        // a town's matches are sorted when PostgreSQL expects few, or online now narrows them
        if (o.online || !(await expectedCommon(town))) {
          const sorted = await townMatchesSorted(me, here, fixedPlanWhere, within, town, after, o.limit);
          if (sorted) return placedNowhere(sorted) ? null : sorted;
        }
      } else if (o.online && !within) {
        // online now: the placed first from the members online by distance, when their scan settles a page
        walked = await onlineNearestScan(me, here, o, fixedPlanWhere, after, o.limit);
      }
      page = walked ?? (await cardsOf(me, walk({ carrying: carried }), byDistance, o.limit, { carried }));
      if (placedNowhere(page)) return null;
    }
    // the unplaced come after everyone placed, and never within a distance
    if (page.rows.length < o.limit && !within) {
      const last = after?.band === 1 ? after : null;
      const unplacedPage = await activityPage(me, [...where, unplaced], last, o.limit - page.rows.length, 1);
      if (after?.band === 1 && placedNowhere(unplacedPage)) return null;
      page = concat(page, unplacedPage);
    }
    return page;
  }

  /**
   * Whether PostgreSQL's statistics expect a town search to match more members than nearest first
   * sorts (a big town): then the cells are walked at once, instead of reading the first
   * MATCHES_SORTED_MAX matches through the trigram index to find out (for a common text that index
   * scan alone costs more than the walk). The planner's estimate (EXPLAIN: planned, nothing run)
   * comes from the column's histogram. Of the text among the members anyone may find, without the
   * caller's blocks (they barely narrow, and planning them cost as much again); other filters with
   * it are not asked either (the planner takes them as independent), nor online now (the
   * histogram's newest bucket is far wider than five minutes, so it guesses ten times high).
   */
  async function expectedCommon(text: TownSearch): Promise<boolean> {
    const [row] = (
      await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
        sql`explain (format json) select 1 from profiles p where ${shownToAnyone} and ${text.condition}`,
      )
    ).rows;
    return (row?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0) > commonTextAbove;
  }

  /**
   * Nearest first for a name search, in one statement: its matches, counted up to
   * MATCHES_SORTED_MAX, then either all of them sorted by distance or, past the cap, the walk of the
   * cells (`walk`, whose page holds the placed alone: `walked`). The matches are one range of
   * member_name_starts' index (migration 0029), which carries whom the caller may be shown and the
   * cell, so they are read, sorted by distance and cut from the index alone; the profiles are read
   * for the page's members only (their activity orders those at the same distance). With other
   * filters (a member type, online now, ages...), every match's profile is read and tested.
   */
  async function nameNearest(
    me: string,
    /** a projected point (pointOf, cellPointOf) */
    here: SQL,
    search: NameSearch,
    o: ListOptions,
    within: Within | null,
    after: NearestCursor | null,
    walk: SQL,
  ): Promise<{ page: MemberPage; walked: boolean }> {
    const cap = Math.min(commonTextAbove, MATCHES_SORTED_MAX);
    const few = sql`(select n from counted) <= ${sql.raw(String(cap))}`;
    // the search's other conditions (the names' text too, when the username's is the one read),
    // tested on the profiles (textsLate: one plan whatever the texts)
    const others = searchFilters(withoutNameText(o), { textsLate: true });
    // the index's rows as they are (a word start per row) and how many, up to the cap; past it
    // nothing more is worked out. Then the matches (a member whose names begin two words with the
    // text is one: told apart bytewise, which sorts many times faster than the database's collation)
    // with their distances
    const matches = sql`entries as materialized (select p.user_id, p.location_lat, p.location_lng, p.hide_location
          from member_name_starts p
          where ${and([listedFor(me), ...(within ? inside(within) : []), startsWith(search, sql`p`)])}
          ${limitOf(MATCHES_SORTED_MAX + 1)}),
        counted as (select count(*) as n from entries),
        m as materialized (select distinct on (p.user_id collate "C") ${nearestKeys(here)} from entries p where ${few})`;
    const ak = sql`p.activity_key`;
    const order = sql`order by m.band, m.d, ${ak} desc, m.user_id desc ${limitOf(o.limit)}`;
    // every match is one the caller may be shown unless other filters are asked: then the page is
    // within the first `limit` distances after the cursor's (`edge`, the last of them), and the
    // members at the cursor's own distance that come after it by activity
    const beyondCursor = !after ? sql`true` : after.band === 0 ? sql`(m.band > 0 or m.d > ${after.d}::float8)` : sql`m.band > 1`;
    const sorted =
      others.length > 0
        ? sql`sorted as (select m.user_id, m.band, m.d, ${ak} as ak from m join profiles p on p.user_id = m.user_id
            where ${and([...others, afterNearest(after, ak)])} ${order})`
        : sql`edge as (select m.band, coalesce(m.d, 0) as d from m where ${beyondCursor} order by m.band, m.d ${offsetLimit(o.limit - 1, 1)}),
          sorted as (select m.user_id, m.band, m.d, ${ak} as ak from m join profiles p on p.user_id = m.user_id
            where ${afterNearest(after, ak)} and (not exists (select 1 from edge) or (m.band, coalesce(m.d, 0)) <= (select e.band, e.d from edge e))
            ${order})`;
    const read = await sortedPage(
      me,
      sql`${matches}, ${sorted},
        k as (select * from sorted union all select * from (${walk}) walked where not ${few})`,
      o.limit,
    );
    return { page: read.page, walked: read.matched > cap };
  }

  /**
   * Nearest first for a name search (`name`, not a username's) that nothing else narrows, and that
   * at least a page of members' names begin with anywhere (`pageful`), from the name's entries nearest
   * `here` (member_name_starts_nearest_idx, migration 0033: a nearest-neighbour scan of the entries
   * that share the text's first three characters), without counting its matches first. The scan
   * reads a page of matches and NAME_SCAN_MORE more in distance order; members at the distance of
   * the last one read (the same cell, or another as far) may not all have come before it stopped, so
   * the matches nearer than that are complete (`settled`), and a page when there are enough of them.
   * That holds however the scan stopped, at its matches or at its cap of entries: every entry nearer
   * than its last match came before it (a rare text among its three characters' entries, such as
   * 'owl3' among the owls, settles from the capped scan instead of being read again as a circle).
   * When not (a crowded cell at the page's end), the page is read again from the same index as a
   * circle as far as the page's last match (`page_d`: every match as near, however many share that
   * distance). Then ordered by distance, activity and id. Null when the scan finds fewer than a page
   * of matches after the cursor (its cap of entries came first: a text rare among its three
   * characters' entries; the placed matches ran out: the unplaced come next), for a text shorter
   * than three characters once spaced, or a caller placed nowhere; nameNearest reads the page then.
   */
  async function nameNearestScan(
    me: string,
    here: SQL,
    search: NameSearch,
    after: NearestCursor | null,
    limit: number,
  ): Promise<MemberPage | null> {
    // the unplaced come after everyone placed, and this reads the placed alone
    if (after?.band === 1) return null;
    // the entries aliased p, as db/visibility.ts writes its rules; each read of them is by the
    // index's expressions (its key's three characters, the point)
    const entries = sql`${here} is not null and char_length(${search.from}) >= 3 and ${listedFor(me)} and ${placedForOthers}
      and left(p.rest, 3) = left(${search.from}, 3)`;
    // a text that fewer than a page of members' names begin with anywhere is not scanned: a few of
    // its index's entries tell (the sorted read after is the one for it)
    const pageful = sql`(select count(*) from (select 1 from member_name_starts p where ${shownToAnyone} and ${startsWith(search, sql`p`)}
      ${limitOf(limit)}) x) = ${sql.raw(String(limit))}`;
    const d = sql`${memberPoint} <-> ${here}`;
    const fromCursorDistance = (distance: SQL) => (after ? sql`and ${distance} >= ${after.d}::float8` : sql``);
    const matchesRead = limit + nameScanMore;
    // ordered by the output column (`order by d`), so the matches' order is the scan's, sorted once
    const read = await sortedPage(
      me,
      sql`scan as (select p.user_id, p.field, p.rest, ${d} as d from member_name_starts p where ${pageful} and ${entries}
          order by d ${limitOf(nameScanEntries)}),
        near as materialized (select s.user_id, s.d from scan s where ${startsWith(search, sql`s`)} ${fromCursorDistance(sql`s.d`)}
          order by s.d ${limitOf(matchesRead)}),
        reach as (select max(n.d) as d,
          (select n.d from near n order by n.d ${offsetLimit(limit - 1, 1)}) as page_d from near n),
        settled as materialized (select distinct on (n.user_id collate "C") n.user_id, n.d from near n
          where n.d < (select r.d from reach r)),
        m as (select s.user_id, 0 as band, s.d from settled s where (select count(*) from settled) >= ${sql.raw(String(limit))}
          union all
          (select distinct on (p.user_id collate "C") p.user_id, 0 as band, ${d} as d from member_name_starts p
            where (select count(*) from settled) < ${sql.raw(String(limit))} and ${entries} and ${startsWith(search, sql`p`)}
              and ${memberPoint} <@ circle(${here}, (select r.page_d from reach r)) and ${d} <= (select r.page_d from reach r)
              ${fromCursorDistance(d)})),
        k as (select m.user_id, m.band, m.d, p.activity_key as ak from m join profiles p on p.user_id = m.user_id
          where ${afterNearest(after, sql`p.activity_key`)} order by m.d, p.activity_key desc, m.user_id desc ${limitOf(limit)}),
        counted as (select count(*) as n from k)`,
      limit,
      { genericPlan: true },
    );
    return read.matched === limit ? read.page : null;
  }

  /**
   * Nearest first for a town search by reading every match and sorting them: null when there are
   * more than MATCHES_SORTED_MAX (walking the cells finds a page sooner then). The matches come from
   * the town's trigram index (migration 0009), asked for pieces of the text (TownSearch `read`) and
   * checked against the text itself here (`where` holds it). One statement: the matches (read once),
   * the page after the cursor, how many. Planned for the text's own value (its trigram pieces).
   */
  async function townMatchesSorted(
    me: string,
    /** a projected point (pointOf, cellPointOf) */
    here: SQL,
    /** the privacy filter and the search's conditions (the text's too: checked again on its matches, by key) */
    where: SQL[],
    within: Within | null,
    text: TownSearch,
    after: NearestCursor | null,
    limit: number,
  ): Promise<MemberPage | null> {
    const conditions = [...where, ...(within ? inside(within) : [])];
    // the index's matches are kept once, narrowed to their keys, each marked whether it is one of
    // the search's (`ok`): counted are the index's matches, sorted the search's. They are planned
    // as if all were read (a materialized CTE is planned on its own), then read up to the cap: with
    // the cap in view, the planner would rather scan the table until it has found that many, most of
    // the table for a text of a few per cent
    const read = await sortedPage(
      me,
      sql`found as materialized (select ${nearestKeys(here)}, ${activityKey} as ak, (${and(conditions)}) as ok from profiles p where ${text.read}),
        m as materialized (select * from found ${limitOf(MATCHES_SORTED_MAX + 1)}),
        counted as (select count(*) as n from m),
        k as (select * from m where m.ok and ${afterNearest(after, sql`m.ak`)} order by m.band, m.d, m.ak desc, m.user_id desc ${limitOf(limit)})`,
      limit,
    );
    return read.matched > MATCHES_SORTED_MAX ? null : read.page;
  }

  /**
   * Online now, nearest first, the placed (band 0): the members online read by distance from
   * member_online (migration 0036, its GiST index's nearest-neighbour scan, of the types asked and
   * active within the online window), at most `onlineScanEntries` after the cursor's distance, then
   * each tested on the profile (every rule of the list: whom the caller may be shown, the search's
   * filters, online now again) in the page's order (distance, activity, id), stopped at the page.
   * Those read are complete nearer than the last one read (members as far as it may not all have
   * come before the scan stopped), or entirely when the scan ran out first: the page is settled when
   * it is full of the former, or holds every one of the latter (fewer than a page: the unplaced come
   * next). Null otherwise (a page's members far apart among many online of other kinds, or a crowded
   * cell at the scan's end): the cells are walked then.
   */
  async function onlineNearestScan(
    me: string,
    here: SQL,
    o: ListOptions,
    /** the privacy filter and the search's conditions (one plan whatever their values: textsLate) */
    where: SQL[],
    after: NearestCursor | null,
    limit: number,
  ): Promise<MemberPage | null> {
    if (after?.band === 1) return null;
    // member_online aliased p, as db/visibility.ts writes its rules (online now); the type asked is
    // the index's first key, so the scan reads that type's members alone
    const scanned = and([sql`${here} is not null`, onlineExpr, ...(o.type ? [sql`p.member_type = ${o.type}`] : [])]);
    const d = sql`${memberPoint} <-> ${here}`;
    const entries = sql.raw(String(onlineScanEntries));
    const read = await sortedPage(
      me,
      sql`m as materialized (select p.user_id, 0 as band, ${d} as d, p.activity_key as ak from member_online p
          where ${scanned} ${after ? sql`and ${d} >= ${after.d}::float8` : sql``}
          order by d ${limitOf(onlineScanEntries)}),
        reach as (select count(*) as n, max(m.d) as d from m),
        k as (select m.user_id, m.band, m.d, m.ak
          from (select * from m where ${afterNearest(after, sql`m.ak`)}
            and ((select r.n from reach r) < ${entries} or m.d < (select r.d from reach r))
            order by m.d, m.ak desc, m.user_id desc) m
          cross join lateral (select from profiles p where p.user_id = m.user_id and ${and([...where, placedForOthers])} offset 0) listed
          order by m.d, m.ak desc, m.user_id desc ${limitOf(limit)}),
        counted as (select case when (select r.n from reach r) < ${entries} or (select count(*) from k) = ${sql.raw(String(limit))}
          then 1 else 0 end as n)`,
      limit,
      { genericPlan: true },
    );
    return read.matched === 1 ? read.page : null;
  }

  return { nearestPage };
}
