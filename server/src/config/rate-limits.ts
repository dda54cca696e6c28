import { limits } from '@velvet/core/constants/limits';

/**
 * Every rate limit of the product, in one table (DESIGN.md §7): what is counted, how many in what
 * window, and whose count it is. The HTTP middleware (middleware/rate-limit.ts), the auth library's
 * rules (auth/auth.ts) and the socket gateway (realtime/gateway.ts) read their figures from here;
 * docs/api.md points here instead of repeating them.
 *
 * Every action one member can repeat against others has a cap: a per-minute one against a script,
 * and where a day's worth still adds up to harm, a daily one beside it.
 *
 * `per` says whose count it is:
 * - member: the signed-in member's (a visitor is refused before it counts)
 * - address: the client address (middleware/client-ip.ts), for what is done signed out
 * - account: the account the request names (a sign-in or a reset for an address), whoever sends it
 * - session: one signed-in session (a browser), counted live by the process that holds it
 */
export interface RateLimitRule {
  readonly what: string;
  readonly max: number;
  readonly windowMs: number;
  readonly per: 'member' | 'address' | 'account' | 'session';
}

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RATE_LIMITS = {
  // signing up and in (better-auth's rules, per address; password sign-in has its own throttle)
  'auth:sign-up': { what: 'sign-ups', max: 5, windowMs: MINUTE, per: 'address' },
  'auth:social-sign-in': { what: 'provider sign-ins', max: 120, windowMs: MINUTE, per: 'address' },
  'auth:two-factor': { what: 'two-factor steps', max: 120, windowMs: MINUTE, per: 'address' },
  'auth:password-reset': { what: 'password reset requests', max: 3, windowMs: MINUTE, per: 'address' },
  // counted by auth/reset-links.plugin.ts: many addresses must not flood one inbox with reset mails
  'auth:password-reset-account': { what: 'password reset mails to one account', max: 3, windowMs: HOUR, per: 'account' },
  'auth:verification-email': { what: 'confirmation mails asked for', max: 3, windowMs: MINUTE, per: 'address' },
  'auth:other': { what: 'any other auth request', max: 100, windowMs: MINUTE, per: 'address' },
  // the spec's figures (core limits.ts, spec §9), counted by auth/sign-in-throttle.plugin.ts
  'sign-in:account': {
    what: 'failed password sign-ins',
    max: limits.signInThrottle.maxAttempts,
    windowMs: limits.signInThrottle.windowMinutes * MINUTE,
    per: 'account',
  },
  'sign-in:address': {
    what: 'failed password sign-ins',
    max: limits.signInAddressThrottle.maxFailures,
    windowMs: limits.signInAddressThrottle.windowMinutes * MINUTE,
    per: 'address',
  },

  // the account
  'account:delete': { what: 'account deletion attempts (a password check)', max: 5, windowMs: 15 * MINUTE, per: 'member' },
  'account:export': { what: 'data downloads', max: 10, windowMs: HOUR, per: 'member' },
  location: { what: "Who's Near position updates", max: 12, windowMs: 10 * MINUTE, per: 'member' },

  // uploads
  upload: { what: 'photo uploads', max: 60, windowMs: HOUR, per: 'member' },
  'content-upload': { what: 'content uploads', max: 30, windowMs: HOUR, per: 'member' },
  verification: { what: 'verification submissions', max: 20, windowMs: HOUR, per: 'member' },

  // the live-events socket: how many may be open at once (windowMs 0: a count of what is open now,
  // not of what was done in a window), counted by the process that holds them (realtime/gateway.ts).
  // A session is one browser on one device, whose tabs share it; each device has its own.
  'realtime:sockets-session': { what: 'open live-event sockets of one browser', max: 8, windowMs: 0, per: 'session' },
  'realtime:sockets-member': { what: 'open live-event sockets of one member', max: 20, windowMs: 0, per: 'member' },

  // what reaches other members
  'messages:send': { what: 'messages sent', max: 30, windowMs: MINUTE, per: 'member' },
  contact: { what: 'contact form messages', max: 5, windowMs: HOUR, per: 'address' },
  'club-suggestion': { what: 'club suggestions', max: 10, windowMs: DAY, per: 'member' },

  // What one member does to others, wired in app.ts (memberActions): every signed-in request to the
  // route counts, one the route refuses (a second wink in a day, a 404) too. The minute's cap stops a
  // script; the day's caps what a script paced under it still sends. Neither is one a member meets by hand.
  // A wink is a tap on a profile page, once a day per member: 20 a minute is a profile opened
  // every three seconds; 200 a day is ten times a busy evening's browsing.
  wink: { what: 'winks', max: 20, windowMs: MINUTE, per: 'member' },
  'wink:day': { what: 'winks', max: 200, windowMs: DAY, per: 'member' },
  // an invite asks for a reply and lands in the member's Friends: fewer a day than winks (the same
  // route accepts an invite received, which counts here too)
  'friend-invite': { what: 'friend invites', max: 20, windowMs: MINUTE, per: 'member' },
  'friend-invite:day': { what: 'friend invites', max: 100, windowMs: DAY, per: 'member' },
  // Discover is swiped fast (a card a second, passes not counted); the profile's and a member
  // card's Like count here too. 1000 a day is hours of swiping.
  like: { what: 'likes', max: 60, windowMs: MINUTE, per: 'member' },
  'like:day': { what: 'likes', max: 1000, windowMs: DAY, per: 'member' },
  // one tap on a card or a profile; private, but a script adding everyone still writes a row each
  'hotlist-add': { what: 'hotlist adds', max: 30, windowMs: MINUTE, per: 'member' },
  'hotlist-add:day': { what: 'hotlist adds', max: 300, windowMs: DAY, per: 'member' },
  // a review is written, one per club (a rewrite counts): 10 a minute allows fixing a typo or two;
  // nobody honestly reviews 30 clubs in a day, and a review bombing campaign needs more
  'club-review': { what: 'club reviews written or rewritten', max: 10, windowMs: MINUTE, per: 'member' },
  'club-review:day': { what: 'club reviews written or rewritten', max: 30, windowMs: DAY, per: 'member' },
  // Every report (a member, a photo, a message) is read by a moderator: 5 a minute covers a member
  // reporting a profile and several of its photos at once; 20 a day keeps one account from
  // burying the queue, which every other member's reports wait in.
  report: { what: 'reports', max: 5, windowMs: MINUTE, per: 'member' },
  'report:day': { what: 'reports', max: 20, windowMs: DAY, per: 'member' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** better-auth's form of a per-address rule: its window in seconds. */
export const authRule = (name: RateLimitName) => ({ window: RATE_LIMITS[name].windowMs / SECOND, max: RATE_LIMITS[name].max });
