import { sql, type SQL } from 'drizzle-orm';
import type { MemberSort } from '@velvet/core/schemas/member.schema';
import { AGE_FILTER, MEMBER_TYPE_GENDERS, type MemberFilters } from '@velvet/core/schemas/member.schema';
import { CREATOR_TAG } from '@velvet/core/constants/options';
import type { Position } from '@velvet/core/geo/grid';
import type { Db } from '../../db/client';
import { textArray } from '../../db/arrays';
import { executePrepared } from '../../db/prepared';
import { cellOf, cellPointOf, limitOf, memberPoint, nearestWalk, offsetLimit, pointOf, withinKm, type Within } from '../../db/nearest';
import { activityKey, listedFor, onlineExpr, placedForOthers, shownToAnyone } from '../../db/visibility';
import { memberCardColumns, type MemberCardRow } from './member-card';
import type { MemberCursor } from './member-cursor';
import { nameSearchOf, startsInCell, startsWith, textTests, townSearchOf, type NameSearch, type TownSearch } from './text-search';

/** A member card's row with the Like button's state and the keys its page is ordered by (as text). */
export type MemberRow = MemberCardRow & {
  liked: boolean;
  /** nearest: 0 placed, 1 unplaced; verified: 0 verified, 1 the others */
  band: number | null;
  /** distance between cells (nearest first, placed) */
  d: string | null;
  /** the activity others may sort by */
  ak: string;
  /** joined */
  c: string;
};

/**
 * A page of members, and the caller's own cell (distances are measured from it), read by the page's
 * statement itself: a list is one statement, with no look-up of the caller before it.
 */
export interface MemberPage {
  from: Position | null;
  rows: MemberRow[];
}

/** The caller's cell, as each page's statement selects it (`c`: their profile, left-joined). */
type CallerColumns = { fromLat: number | null; fromLng: number | null };
const callerColumns = sql`c.location_lat as "fromLat", c.location_lng as "fromLng"`;
/** One row for the caller whatever follows (their cell, null for a member with no profile), then the page's rows. */
const withCaller = (me: string) => sql`(select 1) one left join profiles c on c.user_id = ${me}`;

/** The page in a statement's rows: the first carries the caller's cell; a row with no member (userId null) is that alone. */
function pageOf(rows: (MemberRow & CallerColumns)[]): MemberPage {
  return {
    from: cellOf(rows[0]?.fromLat, rows[0]?.fromLng),
    rows: rows.filter((r) => r.userId !== null).map(({ fromLat: _lat, fromLng: _lng, ...row }) => row),
  };
}

/** The Search filters (core memberFiltersSchema) minus paging and distance, which need the caller's cell. */
export type MemberSearch = Omit<MemberFilters, 'sort' | 'maxKm'> & { sort: MemberSort; maxKm?: number };

/**
 * Nearest first with a narrowing filter that has an index of its own (online now, a name, a town)
 * reads every match and sorts them when there are at most this many; past it, the matches are
 * common enough that walking the cells outwards finds a page sooner.
 */
export const MATCHES_SORTED_MAX = 1000;

/**
 * The search conditions, each a plain column test so an index can serve it (see docs/api.md for the
 * indexes each Search tile wants). The privacy filter always comes with them.
 */
function searchFilters(f: Partial<MemberSearch>, { textsLate = false } = {}): SQL[] {
  const where: SQL[] = textTests(f, textsLate);
  if (f.type) where.push(sql`p.gender = any(${textArray(MEMBER_TYPE_GENDERS[f.type])})`);
  if (f.online) where.push(onlineExpr);
  if (f.joinedDays !== undefined) where.push(sql`p.created_at > now() - make_interval(days => ${f.joinedDays})`);
  if (f.minAge !== undefined || f.maxAge !== undefined) {
    // a couple matches when either partner's age is in range
    const lo = f.minAge ?? AGE_FILTER.min;
    const hi = f.maxAge ?? AGE_FILTER.max;
    where.push(sql`(p.age between ${lo} and ${hi} or p.partner_age between ${lo} and ${hi})`);
  }
  if (f.verified) where.push(sql`p.verified`);
  if (f.withPhoto) where.push(sql`p.has_photo`);
  if (f.creator) {
    const tags = f.creator === 'any' ? [CREATOR_TAG] : [CREATOR_TAG, f.creator];
    // the creator tag written into the statement too, so the planner can prove the creators' own
    // partial index (profiles_findable_creator_cell_activity_idx) holds every match
    where.push(sql`p.interests @> ${textArray(tags)} and p.interests @> '{${sql.raw(CREATOR_TAG)}}'::text[]`);
  }
  // placed by their device (Who's Near on); someone hiding their location is never placed for others
  if (f.mobile) where.push(sql`p.location_source = 'device' and ${placedForOthers}`);
  return where;
}

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);
/** Whom a list may show the caller (db/visibility.ts) and the search's conditions. */
const listWhere = (me: string, o: Partial<MemberSearch>, opts?: { textsLate: boolean }) => [listedFor(me), ...searchFilters(o, opts)];
const unplaced = sql`not (${placedForOthers})`;
/** After the member a cursor names, in activity order (activity desc, id desc). */
const afterActivity = (c: { ak: string; id: string }) => sql`(${activityKey}, p.user_id) < (${c.ak}::timestamptz, ${c.id})`;
/**
 * Members placed within a distance: never those hiding their location, and nobody from nowhere (a
 * centre that is null: a one-time filter, so no index is read for it).
 */
const inside = (within: Within) => [sql`${within.centre} is not null`, placedForOthers, sql`${memberPoint} <@ ${within.circle}`];

export interface ListOptions extends MemberSearch {
  /** where nearest first measures from instead of the caller's cell (a searched town's cell) */
  nearestTo?: Position | null;
  /**
   * Online now, nearest first: so many are online (of the type asked: `onlineMoreThan`,
   * members.service ONLINE_WALK_ABOVE) that walking the cells finds a page sooner than reading and
   * sorting them all.
   */
  manyOnline?: boolean;
  after: MemberCursor | null;
  limit: number;
}

export function membersRepository(
  db: Db,
  opts: {
    /**
     * texts that match more than this many are walked: a name's as its read counts them, a town's
     * as PostgreSQL expects (tests set it to 0 to walk every text)
     */
    commonTextAbove?: number;
  } = {},
) {
  const commonTextAbove = opts.commonTextAbove ?? MATCHES_SORTED_MAX;
  const run = <T>(query: SQL) => executePrepared<T>(db, query);

  /**
   * The cards of the members a keyed statement chose (user_id, band, d, ak), in the page's order:
   * the member card, the Like button's state and the keys the next page starts after.
   */
  const cardsOf = async (me: string, keyed: SQL, order: SQL): Promise<MemberPage> =>
    pageOf(
      await run<MemberRow & CallerColumns>(sql`select ${callerColumns}, ${memberCardColumns},
        exists (select 1 from likes l where l.liker_id = ${me} and l.liked_id = p.user_id and l.liked) as liked,
        k.band, k.d::text as d, k.ak::text as ak, p.created_at::text as c
      from ${withCaller(me)} left join ((${keyed}) k join profiles p on p.user_id = k.user_id) on true
      order by ${order}`),
    );
  /** Two legs of one list, one after the other (the caller's cell is the same in both). */
  const concat = (a: MemberPage, b: MemberPage): MemberPage => ({ from: a.from ?? b.from, rows: [...a.rows, ...b.rows] });

  const byActivity = sql`k.ak desc, k.user_id desc`;
  const byDistance = sql`k.band, k.d, k.ak desc, k.user_id desc`;

  /** Members in activity order (Online First; nearest first for a caller placed nowhere). */
  const activityPage = (me: string, where: SQL[], after: { ak: string; id: string } | null, limit: number, band: number | null = null) =>
    cardsOf(
      me,
      sql`select p.user_id, ${band}::int as band, null::float8 as d, ${activityKey} as ak from profiles p
        where ${and([...where, ...(after ? [afterActivity(after)] : [])])}
        order by ${activityKey} desc, p.user_id desc ${limitOf(limit)}`,
      byActivity,
    );

  /**
   * Nearest first from `here`: the placed members by distance (band 0), then, unless a distance is
   * asked, the unplaced by activity (band 1). A search with an indexed narrowing filter (a name,
   * online now, a town) reads its matches and sorts them when they are few; otherwise, and for
   * every other search, the cells are walked outwards (db/nearest.ts).
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
    // beginning with it (member_name_starts_cell_idx, migration 0030), each then read from profiles;
    // a shorter text begins a word of so many (8 % of members for 'sam') that reading the cell's
    // members in activity order from the index, to the page's end, reads less
    const byStarts = names !== null && [...(o.q ?? o.name ?? '').replace(/^[^\p{L}\p{N}]+/u, '')].length > 3;
    const walk = () =>
      sql`select w.user_id, 0 as band, w.d, w.ak from (${nearestWalk({
        here,
        where: and([...fixedPlanWhere, placedForOthers]),
        ...(within ? { within } : {}),
        ...(after?.band === 0 ? { after } : {}),
        limit: o.limit,
        ...(names && byStarts ? { candidates: (cell: { lat: SQL; lng: SQL }) => startsInCell(names, cell) } : {}),
      })}) w`;
    let page: MemberPage = { from: null, rows: [] };
    // (a page of the unplaced, after everyone placed, reads neither matches nor cells)
    if (after?.band !== 1) {
      const town = names ? null : townSearchOf(o);
      let walked: MemberPage | null = null;
      if (names) {
        // a name's matches counted, and sorted or walked, by one statement
        const read = await nameNearest(me, here, names, o, within, after, walk());
        if (!read.walked) return placedNowhere(read.page) ? null : read.page;
        walked = read.page;
      } else if (town ? o.online || !(await expectedCommon(town)) : o.online === true && !o.manyOnline) {
        // a town's matches are sorted when PostgreSQL expects few, unless online now narrows it;
        // online now alone unless many are online
        const sorted = await matchesSorted(me, here, fixedPlanWhere, within, town, o.online === true, o.type !== undefined, after, o.limit);
        if (sorted) return placedNowhere(sorted) ? null : sorted;
      }
      page = walked ?? (await cardsOf(me, walk(), byDistance));
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

  type NearestCursor = Extract<MemberCursor, { sort: 'nearest' }>;
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
   * A page of sorted matches: `ctes` end with `counted` (how many the index gave, a few more than the
   * search's: past the cap, the walk is the faster read) and `k` (the page's keys: user_id, band, d,
   * ak, in order), read with their cards in one statement.
   */
  async function sortedPage(me: string, ctes: SQL): Promise<{ page: MemberPage; matched: number }> {
    const rows = await run<MemberRow & CallerColumns & { matched: number | string }>(sql`
      with ${ctes}
      select ${callerColumns}, ${memberCardColumns},
        exists (select 1 from likes l where l.liker_id = ${me} and l.liked_id = p.user_id and l.liked) as liked,
        k.band, k.d::text as d, k.ak::text as ak, p.created_at::text as c, counted.n as matched
      from counted cross join ${withCaller(me)}
      left join (k join profiles p on p.user_id = k.user_id) on true
      order by ${byDistance}`);
    return { page: pageOf(rows.map(({ matched: _matched, ...row }) => row)), matched: Number(rows[0]?.matched ?? 0) };
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
    const others = searchFilters({ ...o, ...(o.q !== undefined ? { q: undefined } : { name: undefined }) }, { textsLate: true });
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
    );
    return { page: read.page, walked: read.matched > cap };
  }

  /**
   * Nearest first by reading every match of the search and sorting them: null when there are more
   * than MATCHES_SORTED_MAX (walking the cells finds a page sooner then). The matches of a town come
   * from its trigram index (migration 0009), asked for pieces of the text (TownSearch `read`) and
   * checked against the text itself here (`where` holds it); of online now, from the activity
   * index's newest end. One statement: the matches (read once), the page after the cursor, how many.
   */
  async function matchesSorted(
    me: string,
    /** a projected point (pointOf, cellPointOf) */
    here: SQL,
    /** the privacy filter and the search's conditions (a text's too: checked again on its matches, by key) */
    where: SQL[],
    within: Within | null,
    text: TownSearch | null,
    /** online now: its matches are the activity index's newest end, read in that order */
    online: boolean,
    /** a member type asked (with online now, read from the type's own activity index) */
    type: boolean,
    after: NearestCursor | null,
    limit: number,
  ): Promise<MemberPage | null> {
    const conditions = [...where, ...(within ? inside(within) : [])];
    // online now read in an index's order, so the read is the online members alone: of the types
    // asked (profiles_findable_gender_activity_idx), else of everyone (profiles_findable_activity_idx)
    const onlineOrder = type
      ? sql`order by p.gender, ${activityKey} desc, p.user_id desc`
      : sql`order by ${activityKey} desc, p.user_id desc`;
    const keys = sql`${nearestKeys(here)}, ${activityKey} as ak`;
    // a text's index matches are kept once, narrowed to their keys, each marked whether it is one of
    // the search's (`ok`): counted are the index's matches, sorted the search's. They are planned
    // as if all were read (a materialized CTE is planned on its own), then read up to the cap: with
    // the cap in view, the planner would rather scan the table until it has found that many, most of
    // the table for a text of a few per cent (online now asks for every text, common or not)
    const matches = text
      ? sql`found as materialized (select ${keys}, (${and(conditions)}) as ok from profiles p where ${text.read}),
          m as materialized (select * from found ${limitOf(MATCHES_SORTED_MAX + 1)}),
          counted as (select count(*) as n from m)`
      : sql`m as materialized (select ${keys}, true as ok from profiles p where ${and(conditions)}
            ${online ? onlineOrder : sql``} ${limitOf(MATCHES_SORTED_MAX + 1)}),
          counted as (select count(*) as n from m)`;
    const read = await sortedPage(
      me,
      sql`${matches},
      k as (select * from m where m.ok and ${afterNearest(after, sql`m.ak`)} order by m.band, m.d, m.ak desc, m.user_id desc ${limitOf(limit)})`,
    );
    return read.matched > MATCHES_SORTED_MAX ? null : read.page;
  }

  return {
    /**
     * One page of members, `limit` at most, after the member `after` names. Every list is the privacy
     * filter (db/visibility.ts) and the search's conditions, read in the order of an index of
     * migration 0014 and stopped at the page.
     */
    async list(me: string, o: ListOptions): Promise<MemberPage> {
      const where = listWhere(me, o);
      // the caller's cell, read by each statement: where distances and `maxKm` measure from
      const here = cellPointOf(me);
      const within = o.maxKm !== undefined ? withinKm(here, o.maxKm) : null;
      const after = o.after;
      if (o.sort === 'nearest') {
        // from a searched town; else from the caller, unless an earlier page found them placed nowhere
        // (its cursor is in activity order)
        const page = o.nearestTo
          ? await nearestPage(me, o, pointOf(o.nearestTo), where, within)
          : after?.sort === 'online'
            ? null
            : await nearestPage(me, o, here, where, within);
        if (page) return page;
      }
      const all = within ? [...where, ...inside(within)] : where;
      if (o.sort === 'newest') {
        const resume = after?.sort === 'newest' ? [sql`(p.created_at, p.user_id) < (${after.c}::timestamptz, ${after.id})`] : [];
        return cardsOf(
          me,
          sql`select p.user_id, null::int as band, null::float8 as d, ${activityKey} as ak from profiles p
            where ${and([...all, ...resume])} order by p.created_at desc, p.user_id desc ${limitOf(o.limit)}`,
          sql`p.created_at desc, p.user_id desc`,
        );
      }
      if (o.sort === 'verified') {
        // the verified by activity, then the others: each leg read in activity order, stopped at the page
        const isVerified = sql`p.verified`;
        const band = after?.sort === 'verified' ? after.band : 0;
        let page: MemberPage = { from: null, rows: [] };
        if (band === 0) page = await activityPage(me, [...all, isVerified], after?.sort === 'verified' ? after : null, o.limit, 0);
        if (page.rows.length < o.limit) {
          const last = after?.sort === 'verified' && after.band === 1 ? after : null;
          page = concat(page, await activityPage(me, [...all, sql`not ${isVerified}`], last, o.limit - page.rows.length, 1));
        }
        return page;
      }
      // Online First; and nearest first for a caller placed nowhere (no distance to order by)
      const last = after && (after.sort === 'online' || (after.sort === 'nearest' && after.band === 1)) ? after : null;
      return activityPage(me, all, last, o.limit);
    },

    async locationState(userId: string) {
      const [row] = await run<{ source: string | null; lat: number | null; city: string | null }>(
        sql`select location_source as source, location_lat as lat, location_city as city from profiles where user_id = ${userId}`,
      );
      return row;
    },

    /** Stores a cell (never a raw position) and where it came from. */
    async setPosition(userId: string, cell: Position | null, source: 'device' | 'city' | null) {
      await db.execute(
        sql`update profiles set location_lat = ${cell?.lat ?? null}, location_lng = ${cell?.lng ?? null}, location_source = ${source}
            where user_id = ${userId}`,
      );
    },

    /**
     * Whether more than `n` members of a type (or of any) are online now as others may see it: the
     * type's activity index's newest end, read up to n + 1 (a count a process keeps for a few seconds,
     * members.service).
     */
    async onlineMoreThan(n: number, type: MemberSearch['type']): Promise<boolean> {
      const where = [shownToAnyone, ...searchFilters({ sort: 'online', online: true, ...(type ? { type } : {}) })];
      const [row] = await run<{ n: number | string }>(
        sql`select count(*) as n from (select 1 from profiles p where ${and(where)} ${limitOf(n + 1)}) x`,
      );
      return Number(row?.n ?? 0) > n;
    },

    /** Members online now whom others may see as online (the live 'N online'): the activity index's newest end. */
    async onlineCount(): Promise<number> {
      const [row] = await run<{ n: number | string }>(sql`select count(*) as n from profiles p where ${shownToAnyone} and ${onlineExpr}`);
      return Number(row?.n ?? 0);
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
