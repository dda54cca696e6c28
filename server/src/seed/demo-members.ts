import { createHash } from 'node:crypto';
import { CREATOR_TAG, CREATOR_TYPES, kindOf, type ProfileKind, type RelationshipType } from '@velvet/core/constants/options';
import type { profiles } from '../db/schema/index';
import {
  TOWNS,
  WOMEN,
  MORE_WOMEN,
  MEN,
  MORE_MEN,
  NEUTRAL,
  FEMALE,
  MALE,
  GROUP_WORDS,
  TYPE_DECK,
  STATUSES_FOR,
  ORIENTATIONS,
  SEEKING_TO_LOOKING_FOR,
  COUPLE_SEEKING,
  COUPLE_PLAY,
  SINGLE_OPENERS,
  COUPLE_OPENERS,
  GROUP_OPENERS,
  MIDDLES,
  CLOSINGS,
} from './demo-member-words';

export const DEMO_EMAIL = 'demo@velvet.local';
export const DEMO_PASSWORD = 'velvet-demo';
/** Every other demo member signs in at `<username>@demo.velvet.local` with the demo password. */
export const DEMO_MEMBER_DOMAIN = 'demo.velvet.local';
/** The demo community's size, the demo account included (DESIGN.md §6; first-start time in mind). */
export const DEMO_MEMBER_COUNT = 80;

/** A small deterministic generator (mulberry32): the same demo community on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const idFor = (n: number) => 'demo' + createHash('sha256').update(`velvet-demo-${n}`).digest('hex').slice(0, 28);
export const DEMO_ID = idFor(0);

/** Whom a single is after, given their orientation and whether they are a man or a woman. */
function singleSeeking(orientation: string, presents: 'man' | 'woman' | 'other'): string[] {
  if (orientation === 'gay') return ['seeking-single-males', 'seeking-couples'];
  if (orientation === 'lesbian') return ['seeking-single-females', 'seeking-couples'];
  if (orientation === 'straight' || orientation === 'heteroflexible' || orientation === 'bicurious')
    return presents === 'woman' ? ['seeking-couples', 'seeking-single-males'] : ['seeking-couples', 'seeking-single-females'];
  if (orientation === 'homoflexible')
    return presents === 'woman' ? ['seeking-single-females', 'seeking-couples'] : ['seeking-single-males', 'seeking-couples'];
  return ['seeking-anyone', 'seeking-couples'];
}

export interface DemoMember {
  id: string;
  email: string;
  displayName: string;
  joinedAt: Date;
  /** the account's verified flag (a moderator approved a verification) */
  verified: boolean;
  /** how many gallery photos to make for the member */
  galleryPhotos: number;
  profile: Omit<typeof profiles.$inferInsert, 'userId'> & {
    username: string;
    displayName: string;
    age: number;
    gender: RelationshipType;
    kind: ProfileKind;
    locationCity: string;
    lastActiveAt: Date;
    interests: string[];
  };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

const DAY = 86_400_000;

/**
 * The demo community: the demo account (a couple in Manchester) and `total - 1` members of every
 * relationship type, each profile complete and valid by the profile form's rules.
 */
export function demoMembers(total = DEMO_MEMBER_COUNT, now = Date.now()): DemoMember[] {
  const rand = prng(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const pickSome = <T>(list: readonly T[], n: number) => {
    const rest = [...list];
    const out: T[] = [];
    while (out.length < n && rest.length) out.push(rest.splice(Math.floor(rand() * rest.length), 1)[0]!);
    return out;
  };
  const deck: RelationshipType[] = [];
  const nextType = () => {
    if (!deck.length) {
      const fresh = TYPE_DECK.flatMap(([type, n]) => Array<RelationshipType>(n).fill(type));
      // Fisher–Yates with the seeded generator
      for (let i = fresh.length - 1; i > 0; i--) {
        const j = Math.floor(rand() * (i + 1));
        [fresh[i], fresh[j]] = [fresh[j]!, fresh[i]!];
      }
      deck.push(...fresh);
    }
    return deck.shift()!;
  };

  const demoJoined = new Date(now - 30 * DAY);
  const members: DemoMember[] = [
    {
      id: DEMO_ID,
      email: DEMO_EMAIL,
      displayName: 'Scarlet & Jay',
      joinedAt: demoJoined,
      verified: false,
      galleryPhotos: 3,
      profile: {
        username: 'scarlet_and_jay',
        displayName: 'Scarlet & Jay',
        age: 34,
        partnerAge: 31,
        bio: 'Demo couple: friendly, discreet and new to the scene. This account shows the site as a member sees it.',
        locationCity: 'Manchester',
        locationCountry: 'United Kingdom',
        gender: 'male-female-couple',
        kind: 'couple',
        relationshipStatus: 'married-couple',
        interests: ['seeking-couples', 'seeking-single-females', 'soft-swap', 'same-room', 'friends-first'],
        lookingFor: 'couples,single-females',
        setupStep: 4,
        setupCompletedAt: demoJoined,
        lastActiveAt: new Date(now),
        createdAt: demoJoined,
      },
    },
  ];

  for (let n = 1; n < total; n++) {
    const gender = nextType();
    const kind = kindOf(gender);
    const age = between(21, 62);
    let displayName: string;
    let partnerAge: number | null = null;
    let interests: string[];
    let lookingFor: string[];
    let orientation: string | null = null;

    if (kind === 'individual') {
      const presents = gender === 'single-male' || gender === 'single-trans-male' ? 'man' : gender.endsWith('female') ? 'woman' : 'other';
      displayName = pick(presents === 'man' ? MALE : presents === 'woman' ? FEMALE : NEUTRAL);
      orientation = pick(ORIENTATIONS[gender]!);
      const seeking = singleSeeking(orientation, presents);
      const chosen = seeking.slice(0, between(1, 2));
      interests = [orientation, ...chosen];
      lookingFor = [...new Set(chosen.flatMap((s) => SEEKING_TO_LOOKING_FOR[s]!))];
    } else {
      partnerAge = Math.max(21, Math.min(70, age + between(-7, 7)));
      if (kind === 'group') {
        const [a, b, c] = [pick(FEMALE), pick(MALE), pick(NEUTRAL)];
        displayName = rand() < 0.5 ? `${a}, ${b} & ${c}` : `The ${pick(GROUP_WORDS)} Trio`;
      } else {
        const pair: Record<string, [readonly string[], readonly string[]]> = {
          'male-female-couple': [FEMALE, MALE],
          'female-female-couple': [WOMEN, MORE_WOMEN],
          'male-male-couple': [MEN, MORE_MEN],
          'mixed-couple': [rand() < 0.5 ? FEMALE : MALE, NEUTRAL],
          'non-binary-couple': [NEUTRAL.slice(0, 7), NEUTRAL.slice(7)],
        };
        const [first, second] = pair[gender]!;
        displayName = `${pick(first)} & ${pick(second)}`;
      }
      const seeking = pick(COUPLE_SEEKING);
      const play = pickSome(COUPLE_PLAY, between(2, 3));
      if (seeking === 'seeking-single-females' && rand() < 0.6) play.push('threesome-mff');
      if (seeking === 'seeking-single-males' && rand() < 0.6) play.push('threesome-mmf');
      interests = [seeking, ...play].slice(0, 5);
      lookingFor = [...SEEKING_TO_LOOKING_FOR[seeking]!];
      if (play.includes('group-play') && !lookingFor.includes('groups')) lookingFor.push('groups');
    }

    const username = `${slug(displayName)}_${n}`;
    const joinedAt = new Date(now - between(10, 400) * DAY);
    const verified = rand() < 0.4;
    const pending = !verified && rand() < 0.15;
    const creator = n % 6 === 2;
    if (creator) {
      const types = pickSome(
        CREATOR_TYPES.filter((t) => t !== 'verified'),
        between(1, 3),
      );
      interests.push(CREATOR_TAG, ...types, ...(verified ? ['verified'] : []));
    }
    const years = between(1, 15);
    const opener =
      kind === 'group'
        ? pick(GROUP_OPENERS)(displayName)
        : kind === 'couple'
          ? pick(COUPLE_OPENERS)(displayName, years)
          : pick(SINGLE_OPENERS)(displayName, age);
    const we = kind !== 'individual';
    const bio = [opener, pick(MIDDLES)(we), pick(CLOSINGS)(we)].filter(Boolean).join(' ');

    members.push({
      id: idFor(n),
      email: `${username}@${DEMO_MEMBER_DOMAIN}`,
      displayName,
      joinedAt,
      verified,
      // about half the members show a few photos (2 to 4)
      galleryPhotos: n % 2 === 0 ? 2 + (n % 3) : 0,
      profile: {
        username,
        displayName,
        age,
        partnerAge,
        bio,
        locationCity: pick(TOWNS),
        locationCountry: 'United Kingdom',
        gender,
        kind,
        relationshipStatus: pick(STATUSES_FOR[kind]),
        orientation,
        interests,
        lookingFor: lookingFor.slice(0, 5).join(','),
        hideLastActive: n % 11 === 3,
        hideLocation: n % 13 === 5,
        anonymousMode: n % 17 === 7,
        verificationStatus: verified ? 'approved' : pending ? 'pending' : 'not_started',
        membershipType: rand() < 0.25 ? 'premium' : 'free',
        setupStep: 4,
        setupCompletedAt: joinedAt,
        lastActiveAt: new Date(now - between(1, 72 * 60) * 60_000),
        createdAt: joinedAt,
        updatedAt: joinedAt,
      },
    });
  }
  return members;
}
