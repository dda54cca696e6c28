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

/**
 * A LIMIT written into the statement, not bound: a prepared statement's generic plan cannot see a
 * bound limit and plans for a tenth of the table (it then hashed every user to join a page of 25).
 * Page sizes are few and small, so each is one statement text.
 */
export function limitOf(n: number): SQL {
  if (!Number.isInteger(n) || n < 0 || n > 10_000) throw new Error(`not a page size: ${n}`);
  return sql.raw(`limit ${n}`);
}
/** `limitOf(n)` after skipping `skip` rows, written into the statement the same way. */
export function offsetLimit(skip: number, n: number): SQL {
  if (!Number.isInteger(skip) || skip < 0 || skip > 10_000) throw new Error(`not an offset: ${skip}`);
  return sql`${limitOf(n)} ${sql.raw(`offset ${skip}`)}`;
}

/** A cell of `member_cells` (alias x), projected. */
const cellPoint = sql`point((x.lng + 2) * cos(radians(x.lat)), x.lat)`;
/** A member's cell (profile alias p), projected the same way. */
export const memberPoint = sql`point((p.location_lng + 2) * cos(radians(p.location_lat)), p.location_lat)`;
/** A position, projected the same way (computed by PostgreSQL, so it agrees with the cells to the bit). */
export const pointOf = (at: Position) => sql`point((${at.lng}::float8 + 2) * cos(radians(${at.lat}::float8)), ${at.lat}::float8)`;
/** A cell as PostgreSQL returned its columns (numbers, or numeric text), or null when the member is placed nowhere. */
export const cellOf = (lat: number | string | null | undefined, lng: number | string | null | undefined): Position | null =>
  lat === null || lat === undefined || lng === null || lng === undefined ? null : { lat: Number(lat), lng: Number(lng) };
/**
 * A member's own cell, projected the same way, read by the statement itself (an init plan: one
 * primary-key look-up), so a list from the caller's cell needs no statement before it; null when
 * they are placed nowhere.
 */
export const cellPointOf = (userId: string) =>
  sql`(select point((c.location_lng + 2) * cos(radians(c.location_lat)), c.location_lat) from profiles c where c.user_id = ${userId})`;
/**
 * Within `km` of a position: the circle (a member's cell `<@` it), and for the walk its centre and
 * radius in the projection (the same test, written as `<@` measures: 1e-6 of tolerance).
 */
export interface Within {
  circle: SQL;
  radius: SQL;
  /** a projected point (pointOf, cellPointOf) */
  centre: SQL;
}
export const withinKm = (centre: SQL, km: number): Within => ({
  circle: sql`circle(${centre}, ${km / KM_PER_DEGREE}::float8)`,
  radius: sql`${km / KM_PER_DEGREE}::float8`,
  centre,
});

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
 * at most `limit`: columns user_id, d (float8), ak (timestamptz), and any `columns` asked.
 *
 * It walks `member_cells` outwards (the GiST index's nearest-neighbour scan) and reads each cell's
 * members by activity from profiles_findable_cell_activity_idx, at most a page from each; the
 * incremental sort orders the cells' members within each distance and stops once the page is full
 * and its last distance complete. A page near a crowded cell reads about a page of rows, wherever
 * it is; a filter that matches few reads more cells (see modules/members/nearest.repository.ts for
 * the searches that read their matches first instead). `within` keeps the walk inside a circle.
 */
export function nearestWalk(opts: {
  here: SQL;
  where: SQL;
  within?: Within;
  after?: NearestAfter;
  limit: number;
  /**
   * Where a cell's candidates come from when an index narrows them better than the cell's members
   * do: a FROM item of the candidates' `user_id`s (column `user_id`, each once) for the cell
   * `cell.lat`, `cell.lng`; each is then read from profiles and tested against `where`.
   */
  candidates?: (cell: { lat: SQL; lng: SQL }) => SQL;
  /**
   * More columns of each member, by name (expressions over profiles p): read from the row the walk
   * tests anyway, so a caller that ranks the walked members needs no second look-up of each
   */
  columns?: Record<string, SQL>;
}): SQL {
  const { after } = opts;
  const distance = sql`${cellPoint} <-> ${opts.here}`;
  // ordered by the output column, not the expression again: each occurrence of a value is its own
  // parameter, and a prepared statement's generic plan could not tell two copies were the same
  // distance (it then sorted every cell's members instead of streaming them in order)
  // a distance asked is a filter on the cells as the scan gives them, nearest first, not a condition
  // for the index: planned without the radius (a prepared statement), the planner would read every
  // cell in the circle and sort them (500 km: all of them), where the walk needs the first few
  // (behind `offset 0`, so it stays a filter over the scan and not a reason to read every cell)
  // from nowhere (a caller placed nowhere: `here` null) nothing is walked: a one-time filter, not
  // every cell in no order
  const cells = opts.within
    ? sql`select * from (select x.lat, x.lng, ${distance} as d, ${cellPoint} <-> ${opts.within.centre} as away
          from member_cells x where ${opts.here} is not null order by d offset 0) x where x.away - ${opts.within.radius} <= 1e-6`
    : sql`select x.lat, x.lng, ${distance} as d from member_cells x where ${opts.here} is not null order by d`;
  const resume = after
    ? sql`and (c.d > ${after.d}::float8 or (${activityKey}, p.user_id) < (${after.ak}::timestamptz, ${after.id}))`
    : sql``;
  // a cell's members, or its candidates looked up by id (the profiles' own cell index would be the
  // planner's choice otherwise, reading every member of the cell again)
  const [members, inCell] = opts.candidates
    ? [sql`${opts.candidates({ lat: sql`c.lat`, lng: sql`c.lng` })} n join profiles p on p.user_id = n.user_id`, sql`true`]
    : [sql`profiles p`, sql`p.location_lat = c.lat and p.location_lng = c.lng`];
  const extra = Object.entries(opts.columns ?? {});
  for (const [name] of extra) {
    if (['user_id', 'd', 'ak'].includes(name)) throw new Error(`a walk's own column: ${name}`);
    // written as text (db/prepared.ts renders text and values itself; an identifier object would hand
    // the whole statement to drizzle's slower renderer): a name of the code's, checked to need no quotes
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain column name: ${name}`);
  }
  const inner = sql.join(
    extra.map(([name, value]) => sql`, ${value} as ${sql.raw(name)}`),
    sql``,
  );
  const outer = sql.join(
    extra.map(([name]) => sql.raw(`, m.${name}`)),
    sql``,
  );
  return sql`select m.user_id, c.d, m.ak${outer}
    from (${cells}) c
    cross join lateral (
      select p.user_id, ${activityKey} as ak${inner}
      from ${members}
      where ${inCell} and ${opts.where} ${resume}
      order by ${activityKey} desc, p.user_id desc
      ${limitOf(opts.limit)}
    ) m
    ${after ? sql`where c.d >= ${after.d}::float8` : sql``}
    order by c.d, m.ak desc, m.user_id desc
    ${limitOf(opts.limit)}`;
}
