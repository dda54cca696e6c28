import { describe, expect, it } from 'vitest';
import { approximateDistance, distanceLabel, milesBetween, snapToCell } from './grid';

const manchester = { lat: 53.4808, lng: -2.2426 };

describe('location grid', () => {
  it('moves every position in a cell to the same centre, within about 1 km of where it was', () => {
    const a = snapToCell(manchester);
    const b = snapToCell({ lat: manchester.lat + 0.0004, lng: manchester.lng - 0.0005 });
    expect(b).toEqual(a);
    expect(milesBetween(a, manchester)).toBeLessThan(0.62); // < 1 km
  });

  it('puts positions a cell apart into different cells', () => {
    expect(snapToCell({ lat: manchester.lat + 0.01, lng: manchester.lng })).not.toEqual(snapToCell(manchester));
  });

  it('shows distances only in coarse bands', () => {
    expect(distanceLabel(0.3)).toBe('< 1 mile');
    expect(distanceLabel(2.4)).toBe('~2 miles');
    expect(distanceLabel(5.9)).toBe('~5 miles');
    expect(distanceLabel(11)).toBe('~10 miles');
    expect(distanceLabel(19)).toBe('~20 miles');
    expect(distanceLabel(180)).toBe('25+ miles');
  });

  it('gives Manchester to Leeds (about 36 miles) as 25+ miles', () => {
    expect(approximateDistance(manchester, { lat: 53.8008, lng: -1.5491 })).toBe('25+ miles');
  });

  it('tells an attacker nothing finer than the cell: two spots in one cell read the same from everywhere', () => {
    // the attacker moves their own reported position over a 60 × 60 mile area around the target
    const cell = snapToCell({ lat: 51.5072, lng: -0.1276 });
    const cornerA = { lat: cell.lat - 0.0044, lng: cell.lng - 0.0074 };
    const cornerB = { lat: cell.lat + 0.0044, lng: cell.lng + 0.0074 };
    expect(snapToCell(cornerA)).toEqual(cell);
    expect(snapToCell(cornerB)).toEqual(cell);
    for (let dLat = -0.45; dLat <= 0.45; dLat += 0.0137) {
      for (let dLng = -0.75; dLng <= 0.75; dLng += 0.0213) {
        const probe = { lat: cell.lat + dLat, lng: cell.lng + dLng };
        expect(approximateDistance(probe, cornerA)).toBe(approximateDistance(probe, cornerB));
      }
    }
  });
});
