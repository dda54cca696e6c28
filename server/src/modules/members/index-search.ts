import { AGE_FILTER, MEMBER_TYPE_GENDERS, type MemberType } from '@velvet/core/schemas/member.schema';
import { CREATOR_TAG } from '@velvet/core/constants/options';
import type { Position } from '@velvet/core/geo/grid';
import { CREATOR_BITS, DEVICE, VERIFIED, WITH_PHOTO, pgHypot, type MemberTable } from './member-index';
import { KM_PER_DEGREE, projected } from './online-roster';

/** The Search filters the member index judges by itself (text searches read the database). */
export interface IndexSearch {
  type?: MemberType;
  joinedDays?: number;
  minAge?: number;
  maxAge?: number;
  verified?: boolean;
  withPhoto?: boolean;
  mobile?: boolean;
  creator?: string;
  location?: string;
  maxKm?: number;
}

/**
 * The distance order between cells, as both the database and the index sort by it: distances equal to
 * a micro-degree (0.1 m) are ties, broken by activity and id, so a last-bit difference in how the two
 * compute a distance never orders members differently. Written in SQL as `floor(d * 1e6)`.
 */
export const distanceKey = (d: number) => Math.floor(d * 1e6);

const DAY_MS = 86_400_000;

export interface NearestWalk {
  /** the next `count` members in order (fewer when none are left) */
  next(count: number): string[];
  /** every match has been given */
  readonly done: boolean;
}

/**
 * Members of the index matching a search, for `me` (never themself, nobody on either side of a block),
 * nearest first from `orderFrom`: by distance between cells, then the most recently active, then id;
 * after every placed match, when no distance is asked, the unplaced by activity. The same order as the
 * database's nearest-first read. The cells are walked nearest first (`cellsFrom`, sorted once per
 * origin), so a page near the caller reads only the cells around them. A superset at the edges (a minute's margin on "joined within"):
 * the statement that reads the candidates by id decides.
 */
export function nearestInIndex(
  t: MemberTable,
  f: IndexSearch,
  ctx: { me: string; blocked: ReadonlySet<string>; from: Position | null; orderFrom: Position; now: number },
): NearestWalk {
  const allowed = f.type ? new Set<string>(MEMBER_TYPE_GENDERS[f.type]) : null;
  const genderOk = Uint8Array.from(t.genders, (g) => (!allowed || (g !== null && allowed.has(g)) ? 1 : 0));
  const term = f.location?.toLowerCase();
  const cityOk = term === undefined ? null : Uint8Array.from(t.cities, (c) => (c !== null && c.includes(term) ? 1 : 0));
  const joinedAfter = f.joinedDays === undefined ? -Infinity : ctx.now - f.joinedDays * DAY_MS - 60_000;
  const ages = f.minAge !== undefined || f.maxAge !== undefined;
  const lo = f.minAge ?? AGE_FILTER.min;
  const hi = f.maxAge ?? AGE_FILTER.max;
  const need = (f.verified ? VERIFIED : 0) | (f.withPhoto ? WITH_PHOTO : 0) | (f.mobile ? DEVICE : 0);
  const creators = f.creator === undefined ? 0 : CREATOR_BITS.get(CREATOR_TAG)! | (CREATOR_BITS.get(f.creator) ?? 0);

  const matches = (i: number) =>
    genderOk[t.gender[i]!] === 1 &&
    t.joinedAt[i]! > joinedAfter &&
    (t.flags[i]! & need) === need &&
    (t.creators[i]! & creators) === creators &&
    (cityOk === null || cityOk[t.city[i]!] === 1) &&
    (!ages || (t.age[i]! >= lo && t.age[i]! <= hi) || (t.partnerAge[i]! >= lo && t.partnerAge[i]! <= hi)) &&
    t.ids[i] !== ctx.me &&
    !ctx.blocked.has(t.ids[i]!);
  const byActivity = (a: number, b: number) => t.activeAt[b]! - t.activeAt[a]! || (t.ids[a]! < t.ids[b]! ? -1 : 1);

  // the cells nearest first from where the order is measured; a distance asked is from the caller
  const o = projected(ctx.orderFrom.lat, ctx.orderFrom.lng);
  const order = t.cellsFrom(o.x, o.y);
  let inRange: (c: number, d: number) => boolean = () => true;
  /** cells farther than this are never wanted (a distance asked, measured from where the order is) */
  let reach = Infinity;
  if (f.maxKm !== undefined) {
    if (!ctx.from) return { next: () => [], done: true };
    const sameOrigin = ctx.from === ctx.orderFrom;
    // as the database: within the radius read in distance order, or `<@ circle` (its 1e-6 tolerance)
    const r = f.maxKm / KM_PER_DEGREE + (sameOrigin ? 1e-9 : 1e-6);
    const c0 = projected(ctx.from.lat, ctx.from.lng);
    if (sameOrigin) reach = r;
    inRange = sameOrigin ? (_c, d) => d <= r : (c) => pgHypot(t.cellX[c]! - c0.x, t.cellY[c]! - c0.y) <= r;
  }

  const queue: string[] = [];
  let head = 0;
  let done = false;
  /** cells walked so far, in `order` */
  let walked = 0;
  let unplacedGiven = f.maxKm !== undefined;

  /** Adds the next group of cells tied on distance (one cell, mostly) to the queue; false when none is left. */
  function step(): boolean {
    const { cells, d } = order;
    if (walked >= cells.length || d[walked]! > reach) return false;
    const key = distanceKey(d[walked]!);
    const group: number[] = [];
    for (; walked < cells.length && distanceKey(d[walked]!) === key; walked++) {
      const c = cells[walked]!;
      if (!inRange(c, d[walked]!)) continue;
      for (const i of t.cellMembers[c]!) if (matches(i)) group.push(i);
    }
    if (group.length > 1) group.sort(byActivity);
    for (const i of group) queue.push(t.ids[i]!);
    return true;
  }

  return {
    next(count) {
      while (queue.length - head < count && !done) {
        if (step()) continue;
        if (!unplacedGiven) {
          unplacedGiven = true;
          const rest: number[] = [];
          for (const i of t.unplaced) if (matches(i)) rest.push(i);
          rest.sort(byActivity);
          for (const i of rest) queue.push(t.ids[i]!);
        }
        done = true;
      }
      const out = queue.slice(head, head + count);
      head += out.length;
      return out;
    },
    get done() {
      return done && head >= queue.length;
    },
  };
}
