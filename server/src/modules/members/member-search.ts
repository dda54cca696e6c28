import { sql, type SQL } from 'drizzle-orm';
import type { MemberSort } from '@velvet/core/schemas/member.schema';
import { AGE_FILTER, MEMBER_TYPE_GENDERS, type MemberFilters } from '@velvet/core/schemas/member.schema';
import { CREATOR_TAG } from '@velvet/core/constants/options';
import type { Position } from '@velvet/core/geo/grid';
import { textArray } from '../../db/arrays';
import { memberPoint, type Within } from '../../db/nearest';
import { activityKey, listedFor, onlineExpr, placedForOthers } from '../../db/visibility';
import type { MemberCursor } from './member-cursor';
import { textTests } from './text-search';

/** The Search filters (core memberFiltersSchema) minus paging and distance, which need the caller's cell. */
export type MemberSearch = Omit<MemberFilters, 'sort' | 'maxKm'> & { sort: MemberSort; maxKm?: number };

/** What a list is asked: the search, where it measures from, and the page. */
export interface ListOptions extends MemberSearch {
  /** where nearest first measures from instead of the caller's cell (a searched town's cell) */
  nearestTo?: Position | null;
  after: MemberCursor | null;
  /**
   * the rows a page's statements return at most: the service asks one more than it shows, to know
   * there is a next page, and the statements put the next page's keys on the row before the last
   * (member-pages.repository keysOnRow)
   */
  limit: number;
}

/**
 * The search conditions, each a plain column test so an index can serve it (see docs/api.md for the
 * indexes each Search tile wants). The privacy filter always comes with them (listWhere).
 * `textsLate`: a town's pattern is worked out when the statement runs (text-search.ts textTests; a name's always is).
 */
export function searchFilters(f: Partial<MemberSearch>, { textsLate = false } = {}): SQL[] {
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

export const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);
/** Whom a list may show the caller (db/visibility.ts) and the search's conditions. */
export const listWhere = (me: string, o: Partial<MemberSearch>, opts?: { textsLate: boolean }) => [
  listedFor(me),
  ...searchFilters(o, opts),
];
export const unplaced = sql`not (${placedForOthers})`;
/** After the member a cursor names, in activity order (activity desc, id desc). */
export const afterActivity = (c: { ak: string; id: string }) => sql`(${activityKey}, p.user_id) < (${c.ak}::timestamptz, ${c.id})`;
/**
 * Members placed within a distance: never those hiding their location, and nobody from nowhere (a
 * centre that is null: a one-time filter, so no index is read for it).
 */
export const inside = (within: Within) => [sql`${within.centre} is not null`, placedForOthers, sql`${memberPoint} <@ ${within.circle}`];
