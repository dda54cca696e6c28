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
});
