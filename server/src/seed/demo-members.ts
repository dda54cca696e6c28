import { createHash } from 'node:crypto';
import { COUPLE_GROUP_INTERESTS, SINGLE_INTERESTS, kindOf } from '@velvet/core/constants/options';
import type { profiles } from '../db/schema/index';

export const DEMO_EMAIL = 'demo@velvet.local';
export const DEMO_PASSWORD = 'velvet-demo';

/** A small deterministic generator (mulberry32): the same demo community on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOWNS = [
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
  'Edinburgh',
  'Glasgow',
  'Belfast',
  'Southampton',
  'Reading',
  'Milton Keynes',
  'Norwich',
  'Exeter',
  'York',
  'Cambridge',
  'Oxford',
  'Plymouth',
];
const FIRST = [
  'Amy',
  'Ben',
  'Chloe',
  'Dan',
  'Ella',
  'Finn',
  'Grace',
  'Harry',
  'Isla',
  'Jack',
  'Kate',
  'Liam',
  'Mia',
  'Noah',
  'Olivia',
  'Sam',
  'Zoe',
  'Tom',
  'Ruby',
  'Leo',
];
const COUPLE_WORDS = ['Velvet', 'Midnight', 'Scarlet', 'Silk', 'Amber', 'Sapphire', 'Rose', 'Ivy', 'Onyx', 'Ember'];
const BIOS = [
  'Friendly, discreet and new to the scene. Love a drink and a chat first.',
  'Easy-going and fun. Clubs, parties and weekends away.',
  'Genuine people only. We like to get to know you before we meet.',
  'Confident, playful and respectful. Say hello.',
  'Here to meet like-minded people. No pressure, just good vibes.',
];
const TYPES = [
  'male-female-couple',
  'male-female-couple',
  'female-female-couple',
  'single-female',
  'single-male',
  'single-male',
  'mixed-couple',
  'polyamorous-group',
  'single-non-binary',
] as const;
const COUPLE_STATUSES = ['married-couple', 'committed-couple', 'swinger-couple', 'lifestyle-couple'];
const SINGLE_STATUSES = ['single', 'single-looking', 'casual-dating', 'open-relationship'];

export interface DemoMember {
  id: string;
  email: string;
  displayName: string;
  joinedAt: Date;
  profile?: Omit<typeof profiles.$inferInsert, 'userId'>;
}

const idFor = (n: number) => 'demo' + createHash('sha256').update(`velvet-demo-${n}`).digest('hex').slice(0, 28);

export function demoMembers(total = 60): DemoMember[] {
  const rand = prng(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const now = Date.now();
  const demoJoined = new Date(now - 30 * 86_400_000);
  const members: DemoMember[] = [
    {
      id: idFor(0),
      email: DEMO_EMAIL,
      displayName: 'Scarlet & Jay',
      joinedAt: demoJoined,
      profile: {
        username: 'scarlet_and_jay',
        displayName: 'Scarlet & Jay',
        age: 34,
        bio: 'Demo couple: friendly, discreet and new to the scene. This account shows the site as a member sees it.',
        locationCity: 'Manchester',
        locationCountry: 'United Kingdom',
        gender: 'male-female-couple',
        kind: 'couple',
        relationshipStatus: 'married-couple',
        interests: ['seeking-couples', 'soft-swap', 'friends-first'],
        setupStep: 4,
        setupCompletedAt: demoJoined,
        createdAt: demoJoined,
      },
    },
  ];
  for (let n = 1; n < total; n++) {
    const gender = pick(TYPES);
    const kind = kindOf(gender);
    const name = kind === 'individual' ? pick(FIRST) : `${pick(COUPLE_WORDS)} ${kind === 'group' ? 'Crew' : 'Pair'}`;
    const username = `${name.toLowerCase().replace(/\s+/g, '_')}_${n}`;
    const pool = kind === 'individual' ? SINGLE_INTERESTS : COUPLE_GROUP_INTERESTS;
    const interests = Array.from(new Set([pick(pool), pick(pool), pick(pool)]));
    const joinedAt = new Date(now - Math.floor(rand() * 120) * 86_400_000);
    members.push({
      id: idFor(n),
      email: `${username}@demo.velvet.local`,
      displayName: name,
      joinedAt,
      profile: {
        username,
        displayName: name,
        age: 21 + Math.floor(rand() * 40),
        bio: pick(BIOS),
        locationCity: pick(TOWNS),
        locationCountry: 'United Kingdom',
        gender,
        kind,
        relationshipStatus: pick(kind === 'individual' ? SINGLE_STATUSES : COUPLE_STATUSES),
        interests,
        setupStep: 4,
        setupCompletedAt: joinedAt,
        lastActiveAt: new Date(now - Math.floor(rand() * 72 * 60) * 60_000),
        createdAt: joinedAt,
      },
    });
  }
  return members;
}
