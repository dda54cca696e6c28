import { CLUB_REGIONS, type Club, type ClubRegion } from '@velvet/core/schemas/club.schema';

/** The clubs cut into their regions, in the page's region order (the server sends them in it). */
export function byRegion(items: readonly Club[]): { region: ClubRegion; clubs: Club[] }[] {
  return CLUB_REGIONS.map((region) => ({ region, clubs: items.filter((c) => c.region === region) })).filter((g) => g.clubs.length > 0);
}

/** The region buttons: All (the sum) then every region with its count of clubs matching the texts. */
export function regionButtons(counts: readonly { region: ClubRegion; count: number }[]): { region: ClubRegion | null; count: number }[] {
  const of = new Map(counts.map((c) => [c.region, c.count]));
  return [
    { region: null, count: counts.reduce((n, c) => n + c.count, 0) },
    ...CLUB_REGIONS.map((region) => ({ region, count: of.get(region) ?? 0 })),
  ];
}
