import { sql } from 'drizzle-orm';
import type { Position } from '@velvet/core/geo/grid';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { cellPointOf, limitOf, pointOf, withinKm } from '../../db/nearest';
import { onlineExpr, shownToAnyone } from '../../db/visibility';
import { cardSource, concat, memberPages, type MemberPage, type RunStatement } from './member-pages.repository';
import { and, inside, listWhere, type ListOptions } from './member-search';
import { MATCHES_SORTED_MAX, NAME_SCAN_ENTRIES, NAME_SCAN_MORE, nearestReads, ONLINE_SCAN_ENTRIES } from './nearest.repository';

/** Newest first's order (over the card's row `p`: its keys carry no activity). */
const byNewest = () => sql`p.created_at desc, p.user_id desc`;

export function membersRepository(
  db: Db,
  opts: {
    /**
     * texts that match more than this many are walked: a name's as its read counts them, a town's
     * as PostgreSQL expects (tests set it to 0 to walk every text)
     */
    commonTextAbove?: number;
    /** the matches a name's nearest-neighbour scan reads past a page (nearest.repository NAME_SCAN_MORE) */
    nameScanMore?: number;
    /** the entries a name's scan reads at most (nearest.repository NAME_SCAN_ENTRIES; tests set few to stop it at its cap) */
    nameScanEntries?: number;
    /** the members online a scan reads by distance (nearest.repository ONLINE_SCAN_ENTRIES; tests set few to walk) */
    onlineScanEntries?: number;
    /** how each statement of a page is run (tests look at the statements a list ran through it) */
    run?: RunStatement;
  } = {},
) {
  const run: RunStatement = opts.run ?? ((query, runOpts) => executePrepared(db, query, runOpts));
  const pages = memberPages(run);
  const { cardsOf, activityPage } = pages;
  const { nearestPage } = nearestReads(db, pages, {
    commonTextAbove: opts.commonTextAbove ?? MATCHES_SORTED_MAX,
    nameScanMore: opts.nameScanMore ?? NAME_SCAN_MORE,
    nameScanEntries: opts.nameScanEntries ?? NAME_SCAN_ENTRIES,
    onlineScanEntries: opts.onlineScanEntries ?? ONLINE_SCAN_ENTRIES,
  });

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
      // nothing but whom the caller may be shown: each member read is shown, and the page's rows are its cards'
      const carried = all.length === 1;
      if (o.sort === 'newest') {
        const resume = after?.sort === 'newest' ? [sql`(p.created_at, p.user_id) < (${after.c}::timestamptz, ${after.id})`] : [];
        return cardsOf(
          me,
          // the page's keys from profiles_findable_created_idx (alone when filtered: its cursor needs no activity)
          sql`select p.user_id, null::int as band, null::float8 as d, null::timestamptz as ak${carried ? sql`, ${cardSource}` : sql``}
            from profiles p
            where ${and([...all, ...resume])} order by p.created_at desc, p.user_id desc ${limitOf(o.limit)}`,
          byNewest,
          o.limit,
          { carried },
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
      return activityPage(me, all, last, o.limit, null, { carried });
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

    /** Members online now whom others may see as online (the live 'N online'): the activity index's newest end. */
    async onlineCount(): Promise<number> {
      const [row] = await run<{ n: number | string }>(sql`select count(*) as n from profiles p where ${shownToAnyone} and ${onlineExpr}`);
      return Number(row?.n ?? 0);
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
