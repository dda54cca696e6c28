import type { ClubRegion } from '@velvet/core/schemas/club.schema';
import { prng, type DemoMember } from './demo-members';

/**
 * The demo directory: 63 invented clubs in the spec's 11 regions (§9: London 15, North West 11, East
 * Midlands 4, North East 5, South East 6, South West 10, West Midlands 3, Scotland 3, Wales 1, Northern
 * Ireland 1, Channel Islands 4), in real towns. Invented names, said so on each club's page: a real
 * directory is built from members' suggestions a moderator approved.
 */
const DEMO_CLUBS: Record<ClubRegion, [name: string, town: string][]> = {
  London: [
    ['The Velvet Lantern', 'Camden'],
    ['Midnight Orchid', 'Shoreditch'],
    ['Scarlet Rooms', 'Soho'],
    ['The Gilded Key', 'Kensington'],
    ['Candlewick House', 'Islington'],
    ['Southbank Social', 'Lambeth'],
    ['The Ivory Door', 'Chelsea'],
    ['Amber Nights', 'Hackney'],
    ['Moonlit Terrace', 'Greenwich'],
    ['The Silk Parlour', 'Mayfair'],
    ['Riverside Revels', 'Battersea'],
    ['Blue Hour Club', 'Brixton'],
    ['The Copper Fox', 'Croydon'],
    ['Eastside Embers', 'Stratford'],
    ['Northern Line Lounge', 'Barnet'],
  ],
  'North West': [
    ['Mill Street Masquerade', 'Manchester'],
    ['The Red Brick Lounge', 'Manchester'],
    ['Mersey Moonlight', 'Liverpool'],
    ['Dockside Velvet', 'Liverpool'],
    ['Pennine Parlour', 'Bolton'],
    ['The Lantern Loft', 'Preston'],
    ['Seafront Secrets', 'Blackpool'],
    ['Cheshire Cat Club', 'Chester'],
    ['The Weavers Room', 'Stockport'],
    ['Lakeside Liaisons', 'Kendal'],
    ['Salford Quays Social', 'Salford'],
  ],
  'East Midlands': [
    ['Sherwood Secrets', 'Nottingham'],
    ['The Lace Market Lounge', 'Nottingham'],
    ['Peak Parlour', 'Derby'],
    ['Clock Tower Club', 'Leicester'],
  ],
  'North East': [
    ['Tyne Nights', 'Newcastle upon Tyne'],
    ['The Quayside Room', 'Gateshead'],
    ['Wearside Velvet', 'Sunderland'],
    ['Tees Valley Social', 'Middlesbrough'],
    ['Castle Keep Club', 'Durham'],
  ],
  'South East': [
    ['The Pavilion Rooms', 'Brighton'],
    ['Seven Sisters Social', 'Eastbourne'],
    ['Solent Nights', 'Southampton'],
    ['Spinnaker Lounge', 'Portsmouth'],
    ['The Dreaming Spire', 'Oxford'],
    ['Garden of England Club', 'Maidstone'],
  ],
  'South West': [
    ['Harbourside Hideaway', 'Bristol'],
    ['Clifton Candlelight', 'Bristol'],
    ['The Roman Bath Room', 'Bath'],
    ['Plymouth Sound Social', 'Plymouth'],
    ['Riviera Rendezvous', 'Torquay'],
    ['Cathedral Close Club', 'Exeter'],
    ['Cotswold Whispers', 'Cheltenham'],
    ['Jurassic Coast Lounge', 'Weymouth'],
    ['Pier Point Parlour', 'Bournemouth'],
    ['Tinners Arms Social', 'Truro'],
  ],
  'West Midlands': [
    ['Jewellery Quarter Lounge', 'Birmingham'],
    ['The Canal Basin Club', 'Birmingham'],
    ['Spire and Velvet', 'Coventry'],
  ],
  Scotland: [
    ['Old Town Velvet', 'Edinburgh'],
    ['Merchant City Social', 'Glasgow'],
    ['Granite City Lounge', 'Aberdeen'],
  ],
  Wales: [['Bay Lights Club', 'Cardiff']],
  'Northern Ireland': [['Lagan Lantern', 'Belfast']],
  'Channel Islands': [
    ['St Helier Social', 'St Helier'],
    ['The Harbour Light', 'St Peter Port'],
    ['Sark Starlight', 'Sark'],
    ['Alderney Evenings', 'Alderney'],
  ],
};

const REVIEW_TEXTS = [
  'Friendly crowd and a relaxed first visit. The hosts showed us round and nobody pushed.',
  'Clean, well run and discreet. Busy on Saturdays, so book ahead.',
  'Good music, great dance floor, the quiet rooms could be warmer.',
  'We were nervous newcomers and felt welcome all night. We will be back.',
  'Lovely venue but the bar was slow. Staff were kind when we asked for help.',
  'Couples night was fun and respectful. Clear rules, well enforced.',
  '',
];

export interface DemoClub {
  name: string;
  town: string;
  region: ClubRegion;
  description: string;
  addedAt: Date;
}
export interface DemoClubReview {
  /** index into the clubs */
  club: number;
  authorId: string;
  rating: number;
  body: string;
  createdAt: Date;
}

const DAY = 86_400_000;

/** The demo directory and a few dozen reviews by demo members, dated over the last four months. */
export function demoClubs(members: DemoMember[], now: number): { clubs: DemoClub[]; reviews: DemoClubReview[] } {
  const random = prng(6301);
  const clubs: DemoClub[] = [];
  for (const [region, list] of Object.entries(DEMO_CLUBS) as [ClubRegion, [string, string][]][]) {
    for (const [name, town] of list) {
      // one in nine was listed in the last month ('New'); the rest earlier this year
      const daysAgo = random() < 1 / 9 ? 1 + Math.floor(random() * 25) : 40 + Math.floor(random() * 300);
      clubs.push({
        name,
        town,
        region,
        description: `${name} in ${town} is a demo listing: an invented club of the demo community, not a real venue.`,
        addedAt: new Date(now - daysAgo * DAY),
      });
    }
  }
  const reviews: DemoClubReview[] = [];
  const authors = members.slice(0, Math.min(members.length, 40));
  clubs.forEach((club, index) => {
    const count = Math.floor(random() * 4);
    const chosen = new Set<string>();
    for (let i = 0; i < count && authors.length; i++) {
      const author = authors[Math.floor(random() * authors.length)]!;
      if (chosen.has(author.id)) continue;
      chosen.add(author.id);
      const since = Math.max(1, Math.floor((now - club.addedAt.getTime()) / DAY));
      reviews.push({
        club: index,
        authorId: author.id,
        rating: 3 + Math.floor(random() * 3),
        body: REVIEW_TEXTS[Math.floor(random() * REVIEW_TEXTS.length)]!,
        createdAt: new Date(now - Math.floor(random() * Math.min(since, 120)) * DAY - Math.floor(random() * DAY)),
      });
    }
  });
  return { clubs, reviews };
}
