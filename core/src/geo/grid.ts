/**
 * Location privacy (DESIGN.md §7): a member's position is stored only as the centre of a grid cell
 * about 1 km across, and distances are shown only as coarse bands in miles. Reading distances from
 * many reported positions (trilateration) can then place a member no better than their cell.
 */

/** 0.009° of latitude ≈ 1.0 km everywhere. */
export const CELL_LAT_DEG = 0.009;
/** 0.015° of longitude ≈ 0.9 to 1.05 km across the UK's latitudes (50° to 59° N). */
export const CELL_LNG_DEG = 0.015;

export interface Position {
  lat: number;
  lng: number;
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The centre of the grid cell that holds a position; the raw position goes no further than this. */
export function snapToCell({ lat, lng }: Position): Position {
  const cellLat = Math.floor(lat / CELL_LAT_DEG) * CELL_LAT_DEG + CELL_LAT_DEG / 2;
  const cellLng = Math.floor(lng / CELL_LNG_DEG) * CELL_LNG_DEG + CELL_LNG_DEG / 2;
  return { lat: round6(Math.min(90, Math.max(-90, cellLat))), lng: round6(cellLng) };
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: Position, b: Position): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The words a member sees for a distance: never finer than these steps. */
export const DISTANCE_BANDS = [
  { below: 1, label: '< 1 mile' },
  { below: 3.5, label: '~2 miles' },
  { below: 7.5, label: '~5 miles' },
  { below: 15, label: '~10 miles' },
  { below: 25, label: '~20 miles' },
  { below: Infinity, label: '25+ miles' },
] as const;
export type DistanceLabel = (typeof DISTANCE_BANDS)[number]['label'];

export function distanceLabel(miles: number): DistanceLabel {
  return DISTANCE_BANDS.find((b) => miles < b.below)!.label;
}

/** The band between two members' cells (both already snapped when stored). */
export const approximateDistance = (a: Position, b: Position): DistanceLabel => distanceLabel(milesBetween(snapToCell(a), snapToCell(b)));

/** A position a browser may report: on Earth, and numbers. */
export const isValidPosition = (p: Partial<Position>): p is Position =>
  typeof p.lat === 'number' &&
  typeof p.lng === 'number' &&
  Number.isFinite(p.lat) &&
  Number.isFinite(p.lng) &&
  Math.abs(p.lat) <= 90 &&
  Math.abs(p.lng) <= 180;
