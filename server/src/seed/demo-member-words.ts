import type { LOOKING_FOR, ProfileKind, RelationshipStatus, RelationshipType } from '@velvet/core/constants/options';

// The words the demo community is made of: towns, first names, bio sentences, and how often each
// kind of member turns up. demo-members.ts draws members from them.

/** Real towns and cities across England, Scotland, Wales and Northern Ireland. */
export const TOWNS = [
  'London',
  'Manchester',
  'Birmingham',
  'Leeds',
  'Liverpool',
  'Bristol',
  'Sheffield',
  'Newcastle upon Tyne',
  'Nottingham',
  'Leicester',
  'Brighton',
  'Cardiff',
  'Swansea',
  'Edinburgh',
  'Glasgow',
  'Aberdeen',
  'Dundee',
  'Inverness',
  'Belfast',
  'Derry',
  'Southampton',
  'Portsmouth',
  'Reading',
  'Milton Keynes',
  'Norwich',
  'Exeter',
  'Plymouth',
  'Bath',
  'York',
  'Kingston upon Hull',
  'Cambridge',
  'Oxford',
  'Coventry',
  'Stoke-on-Trent',
  'Derby',
  'Bournemouth',
  'Blackpool',
  'Chester',
  'Lincoln',
  'Canterbury',
];

export const WOMEN = ['Amy', 'Chloe', 'Ella', 'Grace', 'Isla', 'Kate', 'Mia', 'Olivia', 'Zoe', 'Ruby', 'Sophie', 'Hannah'];
export const MORE_WOMEN = ['Lucy', 'Freya', 'Megan', 'Holly', 'Jess', 'Lauren', 'Niamh', 'Eilidh', 'Cerys', 'Poppy'];
export const MEN = ['Ben', 'Dan', 'Finn', 'Harry', 'Jack', 'Liam', 'Noah', 'Sam', 'Tom', 'Leo', 'James', 'Owen'];
export const MORE_MEN = ['Callum', 'Rhys', 'Jamie', 'Ryan', 'Matt', 'Josh', 'Ewan', 'Connor'];
export const NEUTRAL = [
  'Alex',
  'Charlie',
  'Sky',
  'Robin',
  'Jordan',
  'Frankie',
  'Rowan',
  'Ash',
  'Kit',
  'River',
  'Sasha',
  'Jules',
  'Morgan',
  'Eden',
];
export const FEMALE = [...WOMEN, ...MORE_WOMEN];
export const MALE = [...MEN, ...MORE_MEN];
export const GROUP_WORDS = ['Velvet', 'Midnight', 'Scarlet', 'Silk', 'Amber', 'Sapphire', 'Rose', 'Ivy', 'Onyx', 'Ember'];

/**
 * How often each relationship type turns up: every type at least twice in 40 members, the common
 * ones (mixed-sex couples, single men and women) many times. Drawn from shuffled decks, so the
 * mix is even however many members there are.
 */
export const TYPE_DECK: [RelationshipType, number][] = [
  ['male-female-couple', 8],
  ['single-male', 6],
  ['single-female', 6],
  ['female-female-couple', 3],
  ['male-male-couple', 3],
  ['mixed-couple', 2],
  ['non-binary-couple', 2],
  ['polyamorous-group', 2],
  ['single-non-binary', 2],
  ['single-trans-female', 2],
  ['single-trans-male', 2],
  ['single-other', 2],
];

/** The statuses that fit each kind of profile: no single shows as a married couple. */
export const STATUSES_FOR: Record<ProfileKind, readonly RelationshipStatus[]> = {
  couple: [
    'married-couple',
    'committed-couple',
    'engaged-couple',
    'dating-couple',
    'swinger-couple',
    'lifestyle-couple',
    'open-relationship',
  ],
  group: ['polyamorous', 'open-relationship'],
  individual: [
    'single',
    'single-looking',
    'divorced',
    'separated',
    'widowed',
    'its-complicated',
    'friends-with-benefits',
    'casual-dating',
    'not-looking-for-relationship',
    'open-relationship',
  ],
};

/** Orientations that fit each single's type (the singles' interest list, spec §3). */
export const ORIENTATIONS: Partial<Record<RelationshipType, string[]>> = {
  'single-male': ['straight', 'straight', 'bisexual', 'bicurious', 'heteroflexible', 'gay'],
  'single-female': ['straight', 'bisexual', 'bisexual', 'bicurious', 'lesbian', 'pansexual', 'heteroflexible'],
  'single-non-binary': ['pansexual', 'bisexual', 'demisexual', 'other'],
  'single-trans-male': ['straight', 'gay', 'bisexual', 'pansexual'],
  'single-trans-female': ['straight', 'lesbian', 'bisexual', 'pansexual'],
  'single-other': ['pansexual', 'other', 'demisexual', 'homoflexible'],
};

export const SEEKING_TO_LOOKING_FOR: Record<string, (typeof LOOKING_FOR)[number][]> = {
  'seeking-couples': ['couples'],
  'seeking-single-females': ['single-females'],
  'seeking-single-males': ['single-males'],
  'seeking-any-singles': ['single-females', 'single-males'],
  'seeking-anyone': ['couples', 'single-females', 'single-males', 'groups', 'tv-ts-cd'],
  'seeking-all': ['couples', 'single-females', 'single-males', 'groups', 'tv-ts-cd'],
};

export const COUPLE_SEEKING = [
  'seeking-couples',
  'seeking-couples',
  'seeking-single-females',
  'seeking-single-males',
  'seeking-any-singles',
  'seeking-all',
];
export const COUPLE_PLAY = [
  'soft-swap',
  'full-swap',
  'same-room',
  'separate-room',
  'group-play',
  'voyeur-exhibitionist',
  'cyber-only',
  'friends-first',
];

export const SINGLE_OPENERS = [
  (name: string, age: number) => `${name} here, ${age}, easy-going and new to the scene.`,
  (name: string) => `Hi, I'm ${name}. Friendly, discreet and always up for a laugh.`,
  (_name: string, age: number) => `${age} and finally doing the thing I kept saying I'd try.`,
  (name: string) => `${name}: confident, playful and respectful.`,
  (_name: string) => 'Genuine, chatty and happiest with a glass of something in a good bar.',
];
export const COUPLE_OPENERS = [
  (names: string) => `We're ${names}: a fun, down-to-earth couple.`,
  (_names: string, years: number) => `Together ${years} years and still curious.`,
  (_names: string) => 'Sociable couple who love good food, good music and good company.',
  (names: string) => `${names} here. Experienced, relaxed and never in a rush.`,
  (_names: string) => 'Happily together and exploring the lifestyle at our own pace.',
];
export const GROUP_OPENERS = [
  (names: string) => `${names}: a close-knit polycule, happiest hosting a good night in.`,
  (_names: string) => 'Three partners, one calendar, lots of laughs.',
  (_names: string) => 'Friends turned partners. We love socials, games nights and weekends away.',
];
/** The middle and the end of a bio, in the first person singular or plural. */
export const MIDDLES = [
  (we: boolean) => `Clubs, parties and weekends away${we ? ' together' : ''}.`,
  (we: boolean) => `${we ? 'We like' : 'I like'} to get to know people before meeting: drinks first, always.`,
  () => 'Into live music, long dinners and the odd festival.',
  () => 'Gym in the week, dancing at the weekend.',
  () => 'Big on communication, boundaries and having a good time.',
  (we: boolean) => `${we ? 'We love' : 'I love'} a spa day, a cocktail bar and a late night.`,
  () => 'Here to meet like-minded people. No pressure, just good vibes.',
];
export const CLOSINGS = [
  () => 'Say hello!',
  (we: boolean) => `Message ${we ? 'us' : 'me'}, polite messages always get a reply.`,
  () => 'Verified members get a quicker reply.',
  () => 'No time wasters, please.',
  () => 'Fancy a chat? Drop a message.',
  () => '',
];
