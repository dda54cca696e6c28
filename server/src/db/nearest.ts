import { sql, type SQL } from 'drizzle-orm';
import type { Position } from '@velvet/core/geo/grid';
import { activityKey } from './visibility';

/**
 * Nearest first, as PostgreSQL serves it (Members, Who's Near, the Search tiles, Discover's pool).
 *
 * Distances are between grid cells, in a projection where `<->` is a distance: longitude scaled by
 * the cosine of latitude about 2° W (the middle of the UK), in degrees of latitude, so a radius in
 * km is km / KM_PER_DEGREE. Every expression here is written exactly as the indexes of migration
 * 0014 are, so the planner can use them.
 */
export const KM_PER_DEGREE = 111.2;

/** A cell of `member_cells` (alias x), projected. */
const cellPoint = sql`point((x.lng + 2) * cos(radians(x.lat)), x.lat)`;
/** A member's cell (profile alias p), projected the same way. */
export const memberPoint = sql`point((p.location_lng + 2) * cos(radians(p.location_lat)), p.location_lat)`;
/** A position, projected the same way (computed by PostgreSQL, so it agrees with the cells to the bit). */
export const pointOf = (at: Position) => sql`point((${at.lng}::float8 + 2) * cos(radians(${at.lat}::float8)), ${at.lat}::float8)`;
/** The circle of `km` around a position. */
export const circleOf = (at: Position, km: number) => sql`circle(${pointOf(at)}, ${km / KM_PER_DEGREE}::float8)`;

/** Where a page of nearest first begins: after this member (in the order distance, activity desc, id desc). */
export interface NearestAfter {
  /** the distance, as PostgreSQL wrote it (float8 as text: exact) */
  d: string;
  /** the activity key, as PostgreSQL wrote it (timestamptz as text: exact) */
  ak: string;
  id: string;
}

/**
 * The placed members matching `where` (over profiles p, which must include the privacy filter and
 * `placedForOthers`), nearest `here` first, then by activity others may see and id, from `after`,
 * at most `limit`: columns user_id, d (float8), ak (timestamptz).
 *
 * It walks `member_cells` outwards (the GiST index's nearest-neighbour scan) and reads each cell's
 * members by activity from profiles_findable_cell_activity_idx, at most a page from each; the
 * incremental sort orders the cells' members within each distance and stops once the page is full
 * and its last distance complete. A page near a crowded cell reads about a page of rows, wherever
 * it is; a filter that matches few reads more cells (see members.repository for the searches that
 * read their matches first instead). `within` keeps the walk inside a circle (the index's own
 * condition, so the walk ends at its edge).
 */
export function nearestWalk(opts: { here: Position; where: SQL; within?: SQL; after?: NearestAfter; limit: number }): SQL {
  const { after } = opts;
  const distance = sql`${cellPoint} <-> ${pointOf(opts.here)}`;
  const cells = sql`select x.lat, x.lng, ${distance} as d from member_cells x
    ${opts.within ? sql`where ${cellPoint} <@ ${opts.within}` : sql``}
    order by ${distance}`;
  const resume = after
    ? sql`and (c.d > ${after.d}::float8 or (${activityKey}, p.user_id) < (${after.ak}::timestamptz, ${after.id}))`
    : sql``;
  return sql`select m.user_id, c.d, m.ak
    from (${cells}) c
    cross join lateral (
      select p.user_id, ${activityKey} as ak from profiles p
      where p.location_lat = c.lat and p.location_lng = c.lng and ${opts.where} ${resume}
      order by ${activityKey} desc, p.user_id desc
      limit ${opts.limit}
    ) m
    ${after ? sql`where c.d >= ${after.d}::float8` : sql``}
    order by c.d, m.ak desc, m.user_id desc
    limit ${opts.limit}`;
}
