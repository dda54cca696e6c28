import { sql, type SQL } from 'drizzle-orm';
import { DISTANCE_BANDS, EARTH_RADIUS_MILES } from '@velvet/core/geo/grid';
import { BADGE_TYPES } from '@velvet/core/constants/badges';
import { onlineExpr } from '../../db/visibility';

/** A constant written into the statement (the same text for every request, so one prepared statement). */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);
const literals = (texts: readonly string[]) => sql.raw(`array[${texts.map((t) => `'${t.replaceAll("'", "''")}'`).join(', ')}]`);

/** A cell's columns: a profile's `location_lat`, `location_lng` (an alias's), or bound values. */
export interface CellColumns {
  lat: SQL;
  lng: SQL;
}
/** The cell of a profile alias. */
export const cellColumnsOf = (alias: 'p' | 'c' | 'r'): CellColumns => ({
  lat: sql.raw(`${alias}.location_lat`),
  lng: sql.raw(`${alias}.location_lng`),
});

const radians = (deg: SQL) => sql`((${deg}) * pi() / 180)`;
/** Great-circle miles between two cells: core/src/geo/grid.ts milesBetween, term for term. */
const milesBetween = (a: CellColumns, b: CellColumns) => sql`(2 * ${sql.raw(String(EARTH_RADIUS_MILES))} * asin(least(1, sqrt(
  sin(${radians(sql`${b.lat} - ${a.lat}`)} / 2) ^ 2
  + cos(${radians(a.lat)}) * cos(${radians(b.lat)}) * sin(${radians(sql`${b.lng} - ${a.lng}`)} / 2) ^ 2))))`;

/** DISTANCE_BANDS as a look-up: a band's lower bounds (width_bucket's thresholds) and each band's words. */
const bandBounds = sql.raw(
  `array[${DISTANCE_BANDS.slice(0, -1)
    .map((b) => b.below)
    .join(', ')}]::float8[]`,
);
const bandLabels = literals(DISTANCE_BANDS.map((b) => b.label));

/**
 * The coarse distance others see from `from` to a member (DESIGN.md §7; the alias of a row with a
 * profile's location_lat, location_lng and hide_location): the band between the two cells, none when
 * either is placed nowhere or the member hides their location. Cells are stored snapped
 * (core/src/geo/grid.ts snapToCell), so the distance is between cells as written.
 */
export const visibleDistance = (from: CellColumns, member: 'p' | 'r' = 'p') => {
  const to = cellColumnsOf(member);
  return sql`case
  when ${sql.raw(member)}.hide_location or ${to.lat} is null or ${to.lng} is null or ${from.lat} is null or ${from.lng} is null then null
  else (${bandLabels})[width_bucket(${milesBetween(from, to)}, ${bandBounds}) + 1] end`;
};

/** '34', or '28 & 32' for a couple or group with a partner's age (core ageText). */
const ageText = sql`case when p.age is null then null
  when p.kind <> 'individual' and p.partner_age is not null then p.age || ' & ' || p.partner_age else p.age::text end`;

/** The member's badges in BADGE_TYPES' order (core badgesOf). */
const badges = sql`array_remove(array[${sql.join(
  BADGE_TYPES.map((b) => sql`case when ${literal(b)} = any(p.badges) then ${literal(b)} end`),
  sql`, `,
)}], null)`;

/**
 * A member card (core MemberCard) as PostgreSQL writes it, json, from the member's profile `p`:
 * as much as the member lets others see (DESIGN.md §7): no city or distance when they hide their
 * location, the distance only as a coarse band between cells from `from`, never the cell itself;
 * `liked` when the list says whether the reader liked them.
 *
 * Written by the database so that a list's server passes the cards through as text: reading twenty
 * columns a row and writing them again as JSON was most of a list's work in the server. The members
 * differential test holds it to a card built plainly in TypeScript.
 */
export const memberCard = (from: CellColumns, liked?: SQL) => sql`json_build_object(
  'userId', p.user_id, 'username', p.username, 'displayName', p.display_name, 'ageText', ${ageText},
  'gender', p.gender, 'kind', p.kind, 'location', case when p.hide_location then null else p.location_city end,
  'distance', ${visibleDistance(from)}, 'avatarUrl', p.avatar_url, 'verified', p.verified, 'badges', ${badges},
  'online', ${onlineExpr}${liked ? sql`, 'liked', ${liked}` : sql``})`;
