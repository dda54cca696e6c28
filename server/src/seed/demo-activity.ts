import { SITE_TIME_ZONE, londonDay } from '@velvet/core/time/london-day';
import { DEMO_ID, prng, type DemoMember } from './demo-members';

/**
 * Discovery activity in the demo community (DESIGN.md §6): likes and passes, and profile views, so a
 * newcomer's Discover has members who already like them (liking one back makes a match) and
 * 'Looked @ Me' shows real people today and on earlier days. Deterministic for a given `now`.
 */
export interface DemoLike {
  likerId: string;
  likedId: string;
  /** true a like, false a pass */
  liked: boolean;
  createdAt: Date;
}

export interface DemoView {
  viewedId: string;
  viewerId: string;
  /** the London day of `viewedAt`, 'YYYY-MM-DD' */
  day: string;
  viewedAt: Date;
}

export interface DemoActivity {
  likes: DemoLike[];
  views: DemoView[];
}

/** Members who liked the demo account and wait for an answer: liking one back on Discover is a match. */
const LIKED_THE_DEMO = 6;
/** Members the demo account and they liked each other already (Matches is not zero). */
const MATCHES = 2;
/** Members the demo account passed on. */
const DEMO_PASSES = 2;
/** Different members who looked at the demo account today, and views of it on the ten days before. */
const DEMO_VIEWERS_TODAY = 7;
const DEMO_VIEWS_EARLIER = 24;
/** Likes, passes and views among the other members. */
const MEMBER_DECISIONS = 160;
const MEMBER_VIEWS = 140;

const MINUTE = 60_000;
const DAY = 86_400_000;

const londonClock = new Intl.DateTimeFormat('en-GB', { timeZone: SITE_TIME_ZONE, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });

/** Whole minutes since midnight in London at `now`. */
function minutesIntoLondonDay(now: number) {
  const parts = Object.fromEntries(londonClock.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

export function demoActivity(members: DemoMember[], now: number): DemoActivity {
  const rand = prng(5150);
  const between = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  // anonymous members are out of discovery, and their looks are never recorded
  const active = members.filter((m) => m.id !== DEMO_ID && !m.profile.anonymousMode);
  const demo = members.find((m) => m.id === DEMO_ID);
  const likes: DemoLike[] = [];
  const views: DemoView[] = [];
  const decided = new Set<string>();
  const viewed = new Set<string>();

  const decide = (likerId: string, likedId: string, liked: boolean, at: number) => {
    const key = `${likerId}>${likedId}`;
    if (likerId === likedId || decided.has(key)) return false;
    decided.add(key);
    likes.push({ likerId, likedId, liked, createdAt: new Date(at) });
    return true;
  };
  const look = (viewerId: string, viewedId: string, at: number) => {
    const day = londonDay(at);
    const key = `${viewerId}>${viewedId}@${day}`;
    if (viewerId === viewedId || viewed.has(key)) return false;
    viewed.add(key);
    views.push({ viewedId, viewerId, day, viewedAt: new Date(at) });
    return true;
  };
  const daysAgo = (min: number, max: number) => now - between(min * 24 * 60, max * 24 * 60) * MINUTE;

  if (demo) {
    // the demo account looks for couples and single women: those are the ones who notice it back
    const wanted = demo.profile.lookingFor?.split(',') ?? [];
    const suits = (m: DemoMember) =>
      (m.profile.kind === 'couple' && wanted.includes('couples')) ||
      (m.profile.gender === 'single-female' && wanted.includes('single-females'));
    const pool = [...active.filter(suits), ...active.filter((m) => !suits(m))];
    let next = 0;
    const take = () => pool[next++];

    for (let i = 0; i < LIKED_THE_DEMO; i++) {
      const m = take();
      if (!m) break;
      const at = daysAgo(0, 6);
      look(m.id, DEMO_ID, at - between(1, 30) * MINUTE);
      decide(m.id, DEMO_ID, true, at);
    }
    for (let i = 0; i < MATCHES; i++) {
      const m = take();
      if (!m) break;
      const at = daysAgo(2, 20);
      decide(m.id, DEMO_ID, true, at);
      decide(DEMO_ID, m.id, true, at + between(10, 600) * MINUTE);
    }
    for (let i = 0; i < DEMO_PASSES; i++) {
      const m = pool[pool.length - 1 - i];
      if (m) decide(DEMO_ID, m.id, false, daysAgo(1, 10));
    }

    // today: a handful of different members, at times between London midnight and now
    const sinceMidnight = minutesIntoLondonDay(now);
    const rest = [...active];
    for (let i = 0; i < DEMO_VIEWERS_TODAY && rest.length; i++) {
      const [m] = rest.splice(Math.floor(rand() * rest.length), 1);
      look(m!.id, DEMO_ID, now - Math.floor(rand() * sinceMidnight) * MINUTE);
    }
    // earlier days: some of the same members come back, others looked once
    for (let i = 0; i < DEMO_VIEWS_EARLIER; i++) {
      const m = active[Math.floor(rand() * active.length)]!;
      look(m.id, DEMO_ID, now - (sinceMidnight + 1) * MINUTE - between(0, 10 * 24 * 60) * MINUTE);
    }
  }

  for (let i = 0; i < MEMBER_DECISIONS && active.length > 1; i++) {
    const a = active[Math.floor(rand() * active.length)]!;
    const b = active[Math.floor(rand() * active.length)]!;
    decide(a.id, b.id, rand() < 0.65, daysAgo(0, 30));
  }
  for (let i = 0; i < MEMBER_VIEWS && active.length > 1; i++) {
    const a = active[Math.floor(rand() * active.length)]!;
    const b = active[Math.floor(rand() * active.length)]!;
    look(a.id, b.id, now - between(0, 14 * DAY) - 1);
  }
  return { likes, views };
}
