/** The filter panel's ranges (spec §5): two independent age sliders, distance 5–500 km in steps of 5. */
export const DISCOVER_AGE = { min: 18, max: 65 } as const;
export const DISCOVER_KM = { min: 5, max: 500, step: 5 } as const;
export const DISCOVER_LOCATION_MAX = 100;
/** Spec §9: minAge 18, maxAge 65, maxDistance 50 km, empty location. */
export const DISCOVER_DEFAULTS = { minAge: 18, maxAge: 65, maxKm: 50, location: '' } as const;
/** Spec §9: the stats row refreshes every 15 s. */
export const DISCOVER_STATS_REFRESH_MS = 15_000;

/** The filters' values (schemas/discover.schema DiscoverFilters, as parsed), written out so the schema's file is not imported here. */
interface DiscoverFilterValues {
  minAge: number;
  maxAge: number;
  maxKm: number;
  location: string;
}

/** The query the page sends for a set of filters (only what differs from the defaults). */
export function discoverQuery(f: DiscoverFilterValues): Partial<DiscoverFilterValues> {
  const query: Partial<DiscoverFilterValues> = {};
  if (f.minAge !== DISCOVER_DEFAULTS.minAge) query.minAge = f.minAge;
  if (f.maxAge !== DISCOVER_DEFAULTS.maxAge) query.maxAge = f.maxAge;
  if (f.maxKm !== DISCOVER_DEFAULTS.maxKm) query.maxKm = f.maxKm;
  if (f.location.trim()) query.location = f.location.trim();
  return query;
}
