import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { onlineExpr, shownToAnyone, visibleActivity } from '../../db/visibility';
import { AGE_FILTER, MEMBER_TYPE_GENDERS, ONLINE_MINUTES, type MemberType } from '@velvet/core/schemas/member.schema';
import type { Position } from '@velvet/core/geo/grid';

/** Degrees of latitude to km, as the cell index's projection measures (members.repository). */
export const KM_PER_DEGREE = 111.2;

/** One member others may see online now, with what the Online tiles filter and order by. */
export interface RosterEntry {
  id: string;
  gender: string | null;
  /** the cell others may place them by, in the cell index's projection: null when unplaced or hiding their location */
  x: number | null;
  y: number | null;
  device: boolean;
  /** ms since the epoch */
  activeAt: number;
  joinedAt: number;
  age: number | null;
  partnerAge: number | null;
  verified: boolean;
  withPhoto: boolean;
}

/**
 * The roster as read: its members, and the same fields as columns (typed arrays, index for index)
 * for the scan every Online tile request makes of it.
 */
export interface RosterSnapshot {
  members: readonly RosterEntry[];
  /** NaN: unplaced */
  x: Float64Array;
  y: Float64Array;
  joinedAt: Float64Array;
  /** -1: none */
  age: Int16Array;
  partnerAge: Int16Array;
  /** VERIFIED | WITH_PHOTO | DEVICE */
  flags: Uint8Array;
  /** an index into `genders` (0: none) */
  gender: Uint8Array;
  genders: readonly (string | null)[];
}

const VERIFIED = 1;
const WITH_PHOTO = 2;
const DEVICE = 4;

export interface OnlineRoster {
  /** Everyone online now whom others may see (finished, not anonymous, not hiding their activity). */
  snapshot(): Promise<RosterSnapshot>;
  members(): Promise<readonly RosterEntry[]>;
}

function columns(members: RosterEntry[]): RosterSnapshot {
  const n = members.length;
  const snap: RosterSnapshot = {
    members,
    x: new Float64Array(n),
    y: new Float64Array(n),
    joinedAt: new Float64Array(n),
    age: new Int16Array(n),
    partnerAge: new Int16Array(n),
    flags: new Uint8Array(n),
    gender: new Uint8Array(n),
    genders: [null],
  };
  const codes = new Map<string | null, number>([[null, 0]]);
  members.forEach((m, i) => {
    snap.x[i] = m.x ?? NaN;
    snap.y[i] = m.y ?? NaN;
    snap.joinedAt[i] = m.joinedAt;
    snap.age[i] = m.age ?? -1;
    snap.partnerAge[i] = m.partnerAge ?? -1;
    snap.flags[i] = (m.verified ? VERIFIED : 0) | (m.withPhoto ? WITH_PHOTO : 0) | (m.device ? DEVICE : 0);
    let code = codes.get(m.gender);
    if (code === undefined) {
      code = codes.size;
      codes.set(m.gender, code);
      (snap.genders as (string | null)[]).push(m.gender);
    }
    snap.gender[i] = code;
  });
  return snap;
}

/**
 * The members online now, read at most once every `ttlMs` and shared by every request of this
 * process: the Online tiles and the online count. Online members are a small share of the community
 * (2 % in the bench's seed), so one read of the activity index replaces, for each request, a read in
 * distance order that passes every offline member on the way (10 000 rows at 1 000 000 members to
 * find 26 online women).
 *
 * A roster just past its time is served while the next read runs, so a member who comes online
 * shows in the tiles within about `ttlMs`; whoever is listed from it is read again by id with the privacy
 * filter and the online rule, so one who went offline, anonymous or blocked is never shown.
 * `ttlMs` 0 reads on every call (tests).
 */
export function createOnlineRoster(db: Db, opts: { ttlMs: number; now?: () => number }): OnlineRoster {
  // a monotonic clock: a wall clock stepped back would keep an old roster for as long
  const now = opts.now ?? (() => performance.now());
  let current: { at: number; snapshot: RosterSnapshot } | null = null;
  let reading: Promise<RosterSnapshot> | null = null;

  async function read(): Promise<RosterSnapshot> {
    const at = now();
    const rows = await db.execute<{
      id: string;
      gender: string | null;
      lat: number | null;
      lng: number | null;
      device: boolean;
      activeAt: string | number;
      joinedAt: string | number;
      age: number | null;
      partnerAge: number | null;
      verified: boolean;
      withPhoto: boolean;
    }>(sql`
      select p.user_id as id, p.gender,
        case when p.hide_location then null else p.location_lat end as lat,
        case when p.hide_location then null else p.location_lng end as lng,
        p.location_source = 'device' and not p.hide_location as device,
        extract(epoch from p.last_active_at) * 1000 as "activeAt", extract(epoch from p.created_at) * 1000 as "joinedAt",
        p.age, p.partner_age as "partnerAge", u.verified, p.avatar_url is not null as "withPhoto"
      from profiles p join "user" u on u.id = p.user_id
      where ${shownToAnyone} and ${onlineExpr}
        and ${visibleActivity} > now() - make_interval(mins => ${ONLINE_MINUTES})
      order by p.last_active_at desc, p.user_id`);
    // a literal of one shape (not a spread of the driver's row): the per-request scan reads these fields
    const members: RosterEntry[] = rows.rows.map((r) => {
      const lat = r.lat === null ? null : Number(r.lat);
      const lng = r.lng === null ? null : Number(r.lng);
      const cell = lat === null || lng === null ? null : projected(lat, lng);
      return {
        id: r.id,
        gender: r.gender,
        x: cell ? cell.x : null,
        y: cell ? cell.y : null,
        device: r.device === true,
        activeAt: Number(r.activeAt),
        joinedAt: Number(r.joinedAt),
        age: r.age,
        partnerAge: r.partnerAge,
        verified: r.verified === true,
        withPhoto: r.withPhoto === true,
      };
    });
    current = { at, snapshot: columns(members) };
    return current.snapshot;
  }

  function refresh(): Promise<RosterSnapshot> {
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  }

  async function snapshot(): Promise<RosterSnapshot> {
    if (!current || opts.ttlMs <= 0) return refresh();
    const age = now() - current.at;
    if (age < opts.ttlMs) return current.snapshot;
    // just past its time (a busy server): the next read runs in the background and this call
    // keeps the last one (a failed read is tried again by the next call); long unused: read first
    if (age >= 4 * opts.ttlMs) return refresh();
    refresh().catch(() => undefined);
    return current.snapshot;
  }

  return { snapshot, members: async () => (await snapshot()).members };
}

/** What the roster is searched by: the Search filters it serves (see `rosterServes`). */
export interface RosterSearch {
  type?: MemberType;
  joinedDays?: number;
  minAge?: number;
  maxAge?: number;
  verified?: boolean;
  withPhoto?: boolean;
  mobile?: boolean;
  maxKm?: number;
}

const DAY_MS = 86_400_000;

export interface RosterMatches {
  /** how many placed members match */
  placedCount: number;
  /** the `count` nearest placed matches and every one tied with the last of them, by distance */
  nearest(count: number): RosterEntry[];
  /** the unplaced matches, by activity */
  unplaced: RosterEntry[];
  /** the `count` most recently active matches (placed or not) and every one tied with the last; `all`: none left */
  byActivity(count: number): { members: RosterEntry[]; all: boolean };
}

/**
 * The roster's members matching a search, for `me` (never themself, nobody on either side of a
 * block): the placed by distance between cells from `from` (in the cell index's projection), then
 * the unplaced by activity. A superset at the edges (a minute's margin on
 * "joined within", a hair's on the distance): the statement that reads them by id decides.
 * Runs for every Online tile request over the whole roster, so nothing here allocates per member
 * but the lists it returns.
 */
export function rosterMatches(
  roster: RosterSnapshot,
  f: RosterSearch,
  ctx: { me: string; blocked: ReadonlySet<string>; from: Position | null; now: number },
): RosterMatches {
  const { members, x, y, joinedAt, age, partnerAge, flags, gender } = roster;
  const allowed = f.type ? new Set<string>(MEMBER_TYPE_GENDERS[f.type]) : null;
  const genderOk = Uint8Array.from(roster.genders, (g) => (!allowed || (g !== null && allowed.has(g)) ? 1 : 0));
  const joinedAfter = f.joinedDays === undefined ? -Infinity : ctx.now - f.joinedDays * DAY_MS - 60_000;
  const ages = f.minAge !== undefined || f.maxAge !== undefined;
  const lo = f.minAge ?? AGE_FILTER.min;
  const hi = f.maxAge ?? AGE_FILTER.max;
  const need = (f.verified ? VERIFIED : 0) | (f.withPhoto ? WITH_PHOTO : 0) | (f.mobile ? DEVICE : 0);
  const radius = f.maxKm === undefined ? Infinity : f.maxKm / KM_PER_DEGREE + 1e-6;
  const r2 = radius * radius;
  // without a cell of their own (nothing measured, no distance asked) every placed member is at 0
  const { x: x0, y: y0 } = ctx.from ? projected(ctx.from.lat, ctx.from.lng) : { x: NaN, y: NaN };
  const found: number[] = [];
  const d2: number[] = [];
  const unplaced: RosterEntry[] = [];
  const matched: RosterEntry[] = [];
  for (let i = 0; i < members.length; i++) {
    if (genderOk[gender[i]!] === 0 || joinedAt[i]! <= joinedAfter || (flags[i]! & need) !== need) continue;
    if (ages && !(age[i]! >= lo && age[i]! <= hi) && !(partnerAge[i]! >= lo && partnerAge[i]! <= hi)) continue;
    const xi = x[i]!;
    let dd = NaN;
    if (xi === xi) {
      dd = ctx.from ? (xi - x0) * (xi - x0) + (y[i]! - y0) * (y[i]! - y0) : 0;
      if (dd > r2) continue;
    } else if (radius !== Infinity) continue;
    const id = members[i]!.id;
    if (id === ctx.me || ctx.blocked.has(id)) continue;
    matched.push(members[i]!);
    if (dd === dd) {
      found.push(i);
      d2.push(dd);
    } else unplaced.push(members[i]!);
  }
  return {
    placedCount: found.length,
    unplaced,
    byActivity(count) {
      // everyone matching, placed or not, most recently active first: the roster is read in that
      // order, so the first `count` matches as scanned and those tied with the last
      const all = matched;
      let n = Math.min(count, all.length);
      while (n > 0 && n < all.length && all[n]!.activeAt === all[n - 1]!.activeAt) n++;
      return { members: all.slice(0, n), all: n === all.length };
    },
    nearest(count) {
      // only those up to the `count`-th distance are ordered: a native sort of the distances finds it
      let cut = Infinity;
      if (count < found.length) {
        const k = Float64Array.from(d2).sort()[Math.max(0, count - 1)]!;
        // and every one the database may tie with it (distances equal to a micro-degree: `distanceKey`)
        cut = (Math.sqrt(k) + 2e-6) ** 2;
      }
      const picked: number[] = [];
      for (let j = 0; j < found.length; j++) if (d2[j]! <= cut) picked.push(j);
      picked.sort((a, b) => d2[a]! - d2[b]!);
      return picked.map((j) => members[found[j]!]!);
    },
  };
}

/** A cell in the projection of `profiles_visible_cell_idx` (see members.repository's `cellExpr`). */
export function projected(lat: number, lng: number): { x: number; y: number } {
  return { x: (lng + 2) * Math.cos((lat * Math.PI) / 180), y: lat };
}
