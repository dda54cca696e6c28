import { describe, expect, it } from 'vitest';
import type { Club } from '@velvet/core/schemas/club.schema';
import { byRegion, regionButtons } from './club-groups';

const club = (name: string, region: Club['region']): Club => ({
  id: name,
  name,
  town: 'Town',
  region,
  reviews: 0,
  newReviews: 0,
  isNew: false,
  rating: null,
});

describe('clubs page grouping', () => {
  it('groups clubs by region in the directory order and leaves out empty regions', () => {
    const groups = byRegion([club('A', 'London'), club('B', 'London'), club('C', 'Wales'), club('D', 'North West')]);
    expect(groups.map((g) => [g.region, g.clubs.map((c) => c.name)])).toEqual([
      ['London', ['A', 'B']],
      ['North West', ['D']],
      ['Wales', ['C']],
    ]);
  });

  it('gives All the sum, and every region a button even at zero', () => {
    const buttons = regionButtons([
      { region: 'Wales', count: 1 },
      { region: 'London', count: 3 },
    ]);
    expect(buttons[0]).toEqual({ region: null, count: 4 });
    expect(buttons).toHaveLength(12);
    expect(buttons.find((b) => b.region === 'Scotland')).toEqual({ region: 'Scotland', count: 0 });
  });
});
