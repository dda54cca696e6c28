import { sql, type SQL } from 'drizzle-orm';
import type { MemberSort } from '@velvet/core/schemas/member.schema';
import { AGE_FILTER, MEMBER_TYPE_GENDERS, ONLINE_MINUTES, type MemberFilters } from '@velvet/core/schemas/member.schema';
import { CREATOR_TAG } from '@velvet/core/constants/options';
import type { Position } from '@velvet/core/geo/grid';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { executePrepared } from '../../db/prepared';
import { blockedEitherWay as blockedOf, blockedIdsOf } from '../../db/blocks';
import { memberCardColumns, memberCardColumnsWith, type MemberCardRow } from './member-card';
import { onlineExpr, shownToAnyone, visibleActivity, visibleToExcept } from '../../db/visibility';
import { KM_PER_DEGREE, projected, rosterMatches, type OnlineRoster } from './online-roster';
import { VERIFIED, type MemberIndex, type MemberTable } from './member-index';
import { nearestInIndex, pageInIndex, textMatches } from './index-search';

export type MemberRow = MemberCardRow & { liked: boolean };

/**
 * A member's cell in the projection of `profiles_visible_cell_idx` (written exactly as the index's
 * expression, so the planner can use it): longitude scaled by the cosine of latitude about 2° W,
 * in degrees of latitude, so `<->` is a distance and km / 111.2 a radius.
 */
const cellExpr = sql`point((p.location_lng + 2) * cos(radians(p.location_lat)), p.location_lat)`;
const cellOf = (at: Position) => {
  const { x, y } = projected(at.lat, at.lng);
  return sql`point(${x}::float8, ${y}::float8)`;
};
/** Placed for others: the condition of `profiles_visible_cell_idx` (with the privacy filter's). */
const placedExpr = sql`p.location_lat is not null and not p.hide_location`;
/** The distance order's key, as index-search's `distanceKey`: ties within a micro-degree, broken by activity and id. */
const keyOf = (distance: SQL) => sql`floor((${distance}) * 1e6)`;
/** The activity order, as `profiles_visible_activity_idx` keeps it. */
const byActivity = sql`${visibleActivity} desc nulls last, p.user_id`;

/** The Search filters (core memberFiltersSchema) minus paging and distance, which need the caller's cell. */
export type MemberSearch = Omit<MemberFilters, 'sort' | 'maxKm'> & { sort: MemberSort; maxKm?: number };

/**
 * The search conditions, each a plain column test so an index can serve it (see docs/api.md for the
 * indexes each Search tile wants). The privacy filter `visibleTo` always comes with them.
 */
function searchFilters(f: MemberSearch): SQL[] {
  const where: SQL[] = [];
  if (f.q) where.push(sql`p.username ilike ${likePattern(f.q)} escape '\\'`);
  if (f.name) {
    const pattern = likePattern(f.name);
    where.push(sql`(p.username ilike ${pattern} escape '\\' or p.display_name ilike ${pattern} escape '\\')`);
  }
  if (f.location) where.push(sql`not p.hide_location and p.location_city ilike ${likePattern(f.location)} escape '\\'`);
  if (f.type) where.push(sql`p.gender in ${[...MEMBER_TYPE_GENDERS[f.type]]}`);
  // the same rule again as a bound on the visible activity, so the activity index stops at it
  if (f.online) where.push(onlineExpr, sql`${visibleActivity} > now() - make_interval(mins => ${ONLINE_MINUTES})`);
  if (f.joinedDays !== undefined) where.push(sql`p.created_at > now() - make_interval(days => ${f.joinedDays})`);
  if (f.minAge !== undefined || f.maxAge !== undefined) {
    // a couple matches when either partner's age is in range
    const lo = f.minAge ?? AGE_FILTER.min;
    const hi = f.maxAge ?? AGE_FILTER.max;
    where.push(sql`(p.age between ${lo} and ${hi} or p.partner_age between ${lo} and ${hi})`);
  }
  if (f.verified) where.push(sql`u.verified`);
  if (f.withPhoto) where.push(sql`p.avatar_url is not null`);
  if (f.creator) {
    const tags = f.creator === 'any' ? [CREATOR_TAG] : [CREATOR_TAG, f.creator];
    where.push(
      sql`p.interests @> array[${sql.join(
        tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  // placed by their device (Who's Near on); someone hiding their location is never placed for others
  if (f.mobile) where.push(sql`p.location_source = 'device' and not p.hide_location`);
  return where;
}

/** What a page from the member index is read with (see `pageColumns`). */
interface IndexPage {
  columns: SQL;
  members: SQL;
  upTo: number;
  blocked: Set<string>;
  /** a text's matches (`textMatches`), or null */
  only: Int32Array | null;
  /** everyone the caller liked, read before the list */
  liked?: Set<string>;
}

/** The filters the online roster judges by itself; text, a town or creators read the database. */
const rosterServes = (f: MemberSearch) => f.online && !f.q && !f.name && !f.location && !f.creator;

export function membersRepository(db: Db, opts: { roster?: OnlineRoster; index?: MemberIndex } = {}) {
  const { roster, index } = opts;

  const blockedEitherWay = (me: string) => blockedOf(db, me);

  /**
   * Nearest first among members online now, from the online roster: the roster gives the
   * candidates (everyone matching, by distance between cells, up to the last one this page needs
   * and every one tied with it; then the unplaced), and one statement by id reads them again with
   * every filter (privacy, online, the search's own) and orders them in full, as the database
   * path does. A candidate the statement drops (gone offline since the roster was read) makes the
   * next round take more, until the page is full or the candidates run out.
   */
  async function onlineNearest(
    me: string,
    opts: MemberSearch & { offset: number; limit: number; maxKm?: number },
    q: { from: Position; filters: SQL[]; distance: SQL; columns: SQL; members: SQL; upTo: number; blocked: Set<string> },
  ): Promise<MemberRow[]> {
    const everyone = await roster!.snapshot();
    const blocked = q.blocked;
    const matches = rosterMatches(everyone, opts, { me, blocked, from: q.from, now: Date.now() });
    const where = (...more: SQL[]) => sql.join([...q.filters, ...more], sql` and `);
    const statement = (placedIds: string, unplacedIds: string) => sql`select * from (
        (select ${q.columns}, 0 as band, ${keyOf(q.distance)} as dist from ${q.members}
          where ${where(placedExpr, sql`p.user_id = any(string_to_array(${placedIds}, ','))`)}
          order by ${keyOf(q.distance)}, ${byActivity} limit ${q.upTo})
        union all
        (select ${q.columns}, 1 as band, null::float8 as dist from ${q.members}
          where ${where(sql`(p.location_lat is null or p.hide_location)`, sql`p.user_id = any(string_to_array(${unplacedIds}, ','))`)}
          order by ${byActivity} limit ${q.upTo})
      ) c order by band, dist, activity desc nulls last, "userId" limit ${q.upTo}`;
    const { unplaced } = matches;
    for (let want = q.upTo; ; want *= 4) {
      const placed = matches.nearest(want);
      let k = Math.min(Math.max(0, want - placed.length), unplaced.length);
      while (k > 0 && k < unplaced.length && unplaced[k]!.activeAt === unplaced[k - 1]!.activeAt) k++;
      const placedIds = placed.map((m) => m.id);
      const unplacedIds = unplaced.slice(0, k).map((m) => m.id);
      const rows = await executePrepared<MemberRow>(db, statement(placedIds.join(','), unplacedIds.join(',')));
      const exhausted = placed.length === matches.placedCount && k === unplaced.length;
      if (rows.length >= q.upTo || exhausted) return rows.slice(opts.offset, q.upTo);
    }
  }

  /**
   * Online First among members online now (the Search hub's Online tiles), from the online roster:
   * its matches by activity up to the page's last (and those tied with it), read again by id with
   * every filter and kept in the roster's order; more when a candidate is dropped (gone offline since).
   */
  async function onlineFirst(
    me: string,
    opts: MemberSearch & { offset: number; limit: number; maxKm?: number },
    q: { from: Position | null; filters: SQL[]; columns: SQL; members: SQL; upTo: number; blocked: Set<string> },
  ): Promise<MemberRow[]> {
    const everyone = await roster!.snapshot();
    const blocked = q.blocked;
    const matches = rosterMatches(everyone, opts, { me, blocked, from: q.from, now: Date.now() });
    for (let want = q.upTo; ; want *= 4) {
      const picked = matches.byActivity(want);
      const ids = picked.members.map((m) => m.id);
      const found = await executePrepared<MemberRow>(
        db,
        sql`select ${q.columns} from ${q.members}
          where ${sql.join([...q.filters, sql`p.user_id = any(string_to_array(${ids.join(',')}, ','))`], sql` and `)}`,
      );
      // in the roster's order (activity when it was read), so the pages of one roster neither repeat
      // nor skip a member whose activity moved since; a fresh roster's order is the database's
      const at = new Map(ids.map((id, i) => [id, i]));
      const rows = found.sort((a, b) => at.get(a.userId)! - at.get(b.userId)!);
      if (rows.length >= q.upTo || picked.all) return rows.slice(opts.offset, q.upTo);
    }
  }

  /**
   * The columns of a page whose members the index gave: the verified mark from the index and the
   * caller's likes as read before the list, so the statement by id joins nothing per row (a search
   * for verified members still joins, for its condition). Without the likes read, the usual columns.
   */
  function pageColumns(table: MemberTable, ids: string[], q: { columns: SQL; members: SQL; liked?: Set<string>; verifiedFilter: boolean }) {
    if (!q.liked) return { columns: q.columns, members: q.members };
    const verified = ids.filter((id) => (table.flags[table.slotOf.get(id) ?? -1]! & VERIFIED) !== 0);
    const liked = ids.filter((id) => q.liked!.has(id));
    const inList = (list: string[]) => sql`p.user_id = any(string_to_array(${list.join(',')}, ','))`;
    return {
      columns: sql`${memberCardColumnsWith(inList(verified))}, ${inList(liked)} as liked`,
      members: q.verifiedFilter ? q.members : sql`profiles p`,
    };
  }

  /**
   * Nearest first from the member index: it walks the cells outwards and gives the candidates in the
   * page's order; the page's own (two more, for any dropped) are read again by id with the privacy
   * filter and every condition of the search, and kept in the index's order. A candidate the
   * statement drops (hidden, blocked or changed since the index heard) makes it take the next ones.
   */
  async function nearestFromIndex(
    table: MemberTable,
    me: string,
    opts: MemberSearch & { from: Position | null; offset: number; limit: number },
    q: IndexPage & {
      nearFrom: Position;
      searched: SQL[];
      /** the circle of a distance asked (members placed within it) */
      within: SQL | null;
    },
  ): Promise<MemberRow[]> {
    const walk = nearestInIndex(table, opts, { me, blocked: q.blocked, from: opts.from, orderFrom: q.nearFrom, now: Date.now() }, q.only);
    walk.next(opts.offset);
    const want = q.upTo - opts.offset;
    // a distance asked is checked again too (one who moved away since is not within it)
    const filters = [visibleToExcept(me, q.blocked), ...q.searched, ...(q.within ? [q.within] : [])];
    const rows: MemberRow[] = [];
    while (rows.length < want && !walk.done) {
      const ids = walk.next(want - rows.length + 2);
      if (ids.length === 0) break;
      // placed as the walk placed them: one who hides their location since is not among the nearest
      const placed = ids.filter((id) => walk.placed(id));
      const unplaced = ids.filter((id) => !walk.placed(id));
      const page = pageColumns(table, ids, { ...q, verifiedFilter: opts.verified === true });
      const found = await executePrepared<MemberRow>(
        db,
        // one look-up by key per list of ids (a list of only the placed, mostly: one statement shape)
        unplaced.length === 0
          ? sql`select ${page.columns} from ${page.members}
              where ${sql.join(filters, sql` and `)} and ${placedExpr} and p.user_id = any(string_to_array(${placed.join(',')}, ','))`
          : sql`select ${page.columns} from ${page.members}
              where ${sql.join(filters, sql` and `)} and (
                (${placedExpr} and p.user_id = any(string_to_array(${placed.join(',')}, ',')))
                or (not (${placedExpr}) and p.user_id = any(string_to_array(${unplaced.join(',')}, ','))))`,
      );
      const at = new Map(ids.map((id, i) => [id, i]));
      rows.push(...found.sort((a, b) => at.get(a.userId)! - at.get(b.userId)!));
    }
    return rows.slice(0, want);
  }

  /**
   * Newest First or Verified First from the member index (`pageInIndex`), the page's members read
   * again by id with the privacy filter and every condition of the search and kept in the index's
   * order; more when one is dropped. Null when the index cannot give the page.
   */
  async function pageFromIndex(
    table: MemberTable,
    me: string,
    opts: MemberSearch & { from: Position | null; offset: number; limit: number },
    q: IndexPage & { order: 'newest' | 'verified'; filters: SQL[] },
  ): Promise<MemberRow[] | null> {
    const want = q.upTo - opts.offset;
    for (let n = q.upTo + 2; ; n *= 2) {
      const listed = pageInIndex(table, opts, { me, blocked: q.blocked, from: opts.from, now: Date.now() }, q.order, n, q.only);
      if (listed === null) return null;
      const ids = listed.slice(opts.offset);
      const page = pageColumns(table, ids, { ...q, verifiedFilter: opts.verified === true || q.order === 'verified' });
      const found = await executePrepared<MemberRow>(
        db,
        sql`select ${page.columns} from ${page.members}
          where ${sql.join([...q.filters, sql`p.user_id = any(string_to_array(${ids.join(',')}, ','))`], sql` and `)}`,
      );
      if (found.length >= want || listed.length < n) {
        const at = new Map(ids.map((id, i) => [id, i]));
        return found.sort((a, b) => at.get(a.userId)! - at.get(b.userId)!).slice(0, want);
      }
    }
  }

  return {
    /**
     * Where the member themself is placed (their cell), for distances and nearest-first, everyone on
     * either side of a block with them, and everyone they liked: one statement (primary-key look-ups)
     * before every list.
     */
    async caller(userId: string): Promise<{ position: Position | null; blocked: Set<string>; liked: Set<string> }> {
      const [row] = await executePrepared<{ lat: number | null; lng: number | null; blocked: string[]; liked: string[] }>(
        db,
        sql`select p.location_lat as lat, p.location_lng as lng,
              ${blockedIdsOf(userId)} as blocked,
              array(select liked_id from likes where liker_id = ${userId} and liked) as liked
            from profiles p where p.user_id = ${userId}`,
      );
      const position = row && row.lat !== null && row.lng !== null ? { lat: Number(row.lat), lng: Number(row.lng) } : null;
      return { position, blocked: new Set(row?.blocked ?? []), liked: new Set(row?.liked ?? []) };
    },

    /**
     * One page of members: `from` is the caller's cell (distances, maxKm); `nearestTo`, when given,
     * is where nearest-first measures from instead (a searched town's cell).
     */
    async list(
      me: string,
      opts: MemberSearch & {
        from: Position | null;
        nearestTo?: Position | null;
        offset: number;
        limit: number;
        /** read before the list with the caller's cell (`caller`): else read here */
        blocked?: Set<string>;
        /** everyone the caller liked (`caller`): the index's pages take the Like button's state from it */
        liked?: Set<string>;
      },
    ) {
      const searched = searchFilters(opts);
      const blocked = opts.blocked ?? (await blockedEitherWay(me));
      const filters: SQL[] = [visibleToExcept(me, blocked), ...searched];
      // every page reads at most this many rows from each ordered index scan
      const upTo = opts.offset + opts.limit;
      let within: SQL | null = null;
      /** the same distance for the statements by key of the index's pages (see below) */
      let withinById: SQL | null = null;
      if (opts.maxKm !== undefined) {
        // within a distance between cells, from the cell index; hidden locations are never near
        if (!opts.from) return [];
        within = sql`${cellExpr} <@ circle(${cellOf(opts.from)}, ${opts.maxKm / KM_PER_DEGREE}::float8)`;
        filters.push(placedExpr, within);
        // as `<@ circle` measures (its 1e-6 tolerance), in a form no index serves: in a prepared
        // statement by key, a generic plan read the circle through the cell index instead of the keys
        // (Who's Near: database 0.3 → 2.1 ms a request)
        withinById = sql`(${cellExpr} <-> ${cellOf(opts.from)}) <= ${opts.maxKm / KM_PER_DEGREE + 1e-6}::float8`;
      }
      const byIdFilters = [visibleToExcept(me, blocked), ...searched, ...(withinById ? [placedExpr, withinById] : [])];
      const where = (...more: SQL[]) => sql.join([...filters, ...more], sql` and `);
      const columns = sql`${memberCardColumns},
          exists (select 1 from likes l where l.liker_id = ${me} and l.liked_id = p.user_id and l.liked) as liked,
          ${visibleActivity} as activity`;
      const members = sql`profiles p join "user" u on u.id = p.user_id`;
      const page = sql`limit ${opts.limit} offset ${opts.offset}`;
      let query: SQL;
      const nearFrom = opts.sort === 'nearest' ? (opts.nearestTo ?? opts.from) : null;
      // the member index, when built, for every search but Online First (the roster's)
      const table = index && !(opts.online && opts.sort === 'online') ? await index.table() : null;
      // a username or name under three characters: the database's trigram read
      const only = table ? textMatches(table, opts) : undefined;
      const fromIndex = table && only !== undefined ? { table, only } : null;
      if (fromIndex && (opts.sort === 'newest' || opts.sort === 'verified')) {
        const rows = await pageFromIndex(fromIndex.table, me, opts, {
          order: opts.sort,
          filters: byIdFilters,
          columns,
          members,
          upTo,
          blocked,
          only: fromIndex.only,
          liked: opts.liked,
        });
        if (rows) return rows;
      }
      if (opts.sort === 'newest') {
        query = sql`select ${columns} from ${members} where ${where()} order by p.created_at desc, p.user_id ${page}`;
      } else if (opts.sort === 'verified') {
        // verified members by activity, then the others: two reads of the activity index, each
        // stopped at the page, instead of a sort of everyone by verified
        query = sql`select * from (
          (select ${columns} from ${members} where ${where(sql`u.verified`)} order by ${byActivity} limit ${upTo})
          union all
          (select ${columns} from ${members} where ${where(sql`not u.verified`)} order by ${byActivity} limit ${upTo})
        ) c order by verified desc, activity desc nulls last, "userId" ${page}`;
      } else if (!nearFrom && roster && rosterServes(opts)) {
        return onlineFirst(me, opts, { from: opts.from, filters, columns, members, upTo, blocked });
      } else if (!nearFrom) {
        // Online First: online members are exactly those whose visible activity is within the last
        // minutes, so the activity order puts them first; without a cell, nearest is this order too
        query = sql`select ${columns} from ${members} where ${where()} order by ${byActivity} ${page}`;
      } else {
        // Nearest first. An index read in distance order (the cell index's nearest-neighbour scan, or
        // a filter's own index and a sort when it matches few) gives the distance order but not the
        // activity and id tie-breaks, so it finds the members up to the distance of the last one this
        // page needs, with every member tied at that distance (read further while the last one read
        // is still tied); then only those are sorted in full.
        const here = cellOf(nearFrom);
        const distance = sql`${cellExpr} <-> ${here}`;
        if (fromIndex)
          return nearestFromIndex(fromIndex.table, me, opts, {
            nearFrom,
            searched,
            columns,
            members,
            upTo,
            blocked,
            only: fromIndex.only,
            liked: opts.liked,
            within: withinById,
          });
        if (roster && rosterServes(opts) && nearFrom === opts.from)
          return onlineNearest(me, opts, { from: nearFrom, filters, distance, columns, members, upTo, blocked });
        const nearestFilters = [visibleToExcept(me, blocked), ...searched, placedExpr];
        // within maxKm of the caller: measured on what is read when the order is from the caller too
        // (a circle in that read would make the planner sort the whole circle); else part of the read
        const radius = opts.maxKm !== undefined && nearFrom === opts.from ? opts.maxKm / KM_PER_DEGREE + 1e-9 : Infinity;
        if (within && radius === Infinity) nearestFilters.push(within);
        // read in full order (distance, then activity and id as the page orders them), so the page
        // is known from the read and only its own members are read again
        let nearest: { id: string; d: number; k: number }[];
        // members share cells, so the page's last member is nearly always tied with more: without a
        // narrowing filter read four pages' worth at once; a selective filter (text, or several) makes
        // each row read in distance order cost more, so start at one page then
        const selective = opts.q !== undefined || opts.name !== undefined || searched.length > 1;
        for (let n = (selective ? 1 : 4) * upTo + 1; ; n *= 4) {
          const read = await db.execute<{ id: string; d: number | string; k: number | string }>(sql`
            select id, d, k from (
              select p.user_id as id, ${distance} as d, ${keyOf(distance)} as k, ${visibleActivity} as a from ${opts.verified ? members : sql`profiles p`}
              where ${sql.join(nearestFilters, sql` and `)}
              order by ${distance} limit ${n}) r
            order by k, a desc nulls last, id`);
          const rows = read.rows.map((r) => ({ id: r.id, d: Number(r.d), k: Number(r.k) }));
          nearest = rows.filter((r) => r.d <= radius);
          // every match (within the distance) read
          if (rows.length < n || nearest.length < rows.length) break;
          const last = rows[upTo - 1]!;
          if (rows[n - 1]!.k > last.k) {
            nearest = rows.filter((r) => r.k <= last.k);
            break;
          }
        }
        // Fewer than the page needs and no distance asked: the unplaced follow
        const full = nearest.length >= upTo;
        if (within !== null || full) {
          // the page's members from those read: they met the filters and any distance asked (a
          // filter's index or a circle here would read all its matches again); privacy checked
          // again. Rows by primary key and the privacy filter alone: a plan that fits any ids, so prepared
          // two beyond the page: one dropped by the re-read (blocked or hidden since) leaves it full
          const pageIds = nearest.slice(opts.offset, upTo + 2).map((r) => r.id);
          const found = await executePrepared<MemberRow>(
            db,
            sql`select ${columns} from ${members}
              where ${sql.join([visibleToExcept(me, blocked), placedExpr, sql`p.user_id = any(string_to_array(${pageIds.join(',')}, ','))`], sql` and `)}`,
          );
          const at = new Map(pageIds.map((id, i) => [id, i]));
          return found.sort((a, b) => at.get(a.userId)! - at.get(b.userId)!).slice(0, upTo - opts.offset);
        }
        const ids = nearest.map((r) => r.id).join(',');
        const placed = sql`select ${columns}, 0 as band, ${keyOf(distance)} as dist from ${members}
          where ${sql.join([visibleToExcept(me, blocked), placedExpr, sql`p.user_id = any(string_to_array(${ids}, ','))`], sql` and `)}
          order by ${keyOf(distance)}, ${byActivity} limit ${upTo}`;
        // members who hide their location or have no cell come after everyone placed, by activity:
        // read only when the placed matches end before this page does
        const unplaced = sql`select ${columns}, 1 as band, null::float8 as dist from ${members}
          where ${where(sql`(p.location_lat is null or p.hide_location)`)}
          order by ${byActivity} limit ${upTo - nearest.length}`;
        query = sql`select * from ((${placed}) union all (${unplaced})) c order by band, dist, activity desc nulls last, "userId" ${page}`;
      }
      const rows = await db.execute<MemberRow>(query);
      return rows.rows;
    },

    async locationState(userId: string) {
      const [row] = await executePrepared<{ source: string | null; lat: number | null; city: string | null }>(
        db,
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

    /** Members online now whom others may see as online (the live 'N online'). */
    async onlineCount(): Promise<number> {
      if (roster) return (await roster.members()).length;
      const [row] = await executePrepared<{ n: number | string }>(
        db,
        sql`select count(*) as n from profiles p where ${shownToAnyone} and ${onlineExpr}`,
      );
      return Number(row?.n ?? 0);
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
