import { AGE_FILTER, MEMBER_TYPE_GENDERS, ONLINE_MINUTES } from '@velvet/core/schemas/member.schema';
import { CREATOR_TAG } from '@velvet/core/constants/options';
import type { Position } from '@velvet/core/geo/grid';
import { CREATOR_BITS, DEVICE, VERIFIED, WITH_PHOTO, pgHypot, type MemberTable } from './member-index';
import { KM_PER_DEGREE, projected, type RosterSearch } from './online-roster';

/** The Search filters the member index judges by itself: the roster's, and creators, a town, online now (text: `textMatches`). */
export interface IndexSearch extends RosterSearch {
  creator?: string;
  location?: string;
  online?: boolean;
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
  /** whether a member given was among the placed (by distance), not the unplaced after them */
  placed(id: string): boolean;
}

/**
 * Whether the member in a slot matches a search, for `me` (never themself, nobody on either side of a
 * block). A superset at the edges (a minute's margin on "joined within", seconds on "online"): the
 * statement that reads the candidates by id decides. Distances are the callers' part.
 */
export function matcherFor(
  t: MemberTable,
  f: IndexSearch,
  ctx: { me: string; blocked: ReadonlySet<string>; now: number },
): (slot: number) => boolean {
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
  // online: active within the last minutes (never those who hide it: their activity is -Infinity here),
  // with a few seconds' margin for the database's clock
  const activeAfter = f.online ? ctx.now - ONLINE_MINUTES * 60_000 - 5_000 : -Infinity;
  return (i: number) =>
    genderOk[t.gender[i]!] === 1 &&
    (activeAfter === -Infinity || t.activeAt[i]! > activeAfter) &&
    t.joinedAt[i]! > joinedAfter &&
    (t.flags[i]! & need) === need &&
    (t.creators[i]! & creators) === creators &&
    (cityOk === null || cityOk[t.city[i]!] === 1) &&
    (!ages || (t.age[i]! >= lo && t.age[i]! <= hi) || (t.partnerAge[i]! >= lo && t.partnerAge[i]! <= hi)) &&
    t.ids[i] !== ctx.me &&
    !ctx.blocked.has(t.ids[i]!);
}

/**
 * Members of the index matching a search, nearest first from `orderFrom`: by distance between cells,
 * then the most recently active, then id; after every placed match, when no distance is asked, the
 * unplaced by activity. The same order as the database's nearest-first read. The cells are walked
 * nearest first (`cellsFrom`, sorted once per origin), so a page near the caller reads only the cells
 * around them.
 */
export function nearestInIndex(
  t: MemberTable,
  f: IndexSearch,
  ctx: { me: string; blocked: ReadonlySet<string>; from: Position | null; orderFrom: Position; now: number },
  only: Int32Array | null = null,
): NearestWalk {
  const matches = restricted(matcherFor(t, f, ctx), only);
  // each cell's matches: from its members, or, when the text matched few, from those few grouped by cell
  let cellMatches = (c: number, push: (i: number) => void) => {
    for (const i of t.cellMembers[c]!) if (matches(i)) push(i);
  };
  let unplacedMatches = () => [...t.unplaced].filter(matches);
  // a text's few matches, or the members online now, grouped by cell and judged only when their cell
  // is walked: each look at a member is a cache miss at 1 000 000 members, so they are not all judged
  // up front, and walking every member to find the 2 % online would pass fifty for each one found
  const few = only && !dense(t, only) ? byCell(t, only) : !only && f.online ? onlineByCell(t, ctx.now) : null;
  if (few) {
    const judge = matcherFor(t, f, ctx);
    const { head, next, slots, unplaced } = few;
    // grouped a moment ago: only those still where they were grouped
    cellMatches = (c, push) => {
      for (let k = head[c]!; k >= 0; k = next[k]!) if (t.cell[slots[k]!] === c && judge(slots[k]!)) push(slots[k]!);
    };
    unplacedMatches = () => unplaced.filter((i) => t.cell[i]! < 0 && judge(i));
  }
  const byActivity = (a: number, b: number) => t.activeAt[b]! - t.activeAt[a]! || (t.ids[a]! < t.ids[b]! ? -1 : 1);

  // the cells nearest first from where the order is measured; a distance asked is from the caller
  const o = projected(ctx.orderFrom.lat, ctx.orderFrom.lng);
  const order = t.cellsFrom(o.x, o.y);
  let inRange: (c: number, d: number) => boolean = () => true;
  /** cells farther than this are never wanted (a distance asked, measured from where the order is) */
  let reach = Infinity;
  if (f.maxKm !== undefined) {
    if (!ctx.from) return { next: () => [], done: true, placed: () => false };
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
  // a member who moves to a cell not yet walked while the caller reads the database is given once
  const given = new Set<string>();
  const unplacedIds = new Set<string>();
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
      cellMatches(c, (i) => group.push(i));
    }
    if (group.length > 1) group.sort(byActivity);
    for (const i of group) {
      const id = t.ids[i]!;
      if (given.has(id)) continue;
      given.add(id);
      queue.push(id);
    }
    return true;
  }

  return {
    next(count) {
      while (queue.length - head < count && !done) {
        if (step()) continue;
        if (!unplacedGiven) {
          unplacedGiven = true;
          const rest = unplacedMatches();
          rest.sort(byActivity);
          for (const i of rest) {
            const id = t.ids[i]!;
            if (given.has(id)) continue;
            given.add(id);
            unplacedIds.add(id);
            queue.push(id);
          }
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
    placed: (id) => !unplacedIds.has(id),
  };
}

/**
 * One page of a search in another order from the index: Newest First (joined, newest first, then id)
 * or Verified First (verified members by activity, then id). The order's view is walked from the top
 * (`OrderedView`: exact to the second), a second past the page's last match, and what was collected
 * sorted exactly. Null when the index cannot give the page: Verified First past the verified members
 * who show their activity (those who hide it, then everyone else, come from the database).
 */
export function pageInIndex(
  t: MemberTable,
  f: IndexSearch,
  ctx: { me: string; blocked: ReadonlySet<string>; from: Position | null; now: number },
  order: 'newest' | 'verified',
  upTo: number,
  only: Int32Array | null = null,
): string[] | null {
  const matches = restricted(matcherFor(t, { ...f, verified: f.verified || order === 'verified' }, ctx), only);
  let inRange: (i: number) => boolean = () => true;
  if (f.maxKm !== undefined) {
    if (!ctx.from) return [];
    // as the database's `<@ circle` (its 1e-6 tolerance); the statement by id decides at the edge
    const r = f.maxKm / KM_PER_DEGREE + 1e-6;
    const o = projected(ctx.from.lat, ctx.from.lng);
    const d = new Map<number, boolean>();
    inRange = (i) => {
      const c = t.cell[i]!;
      if (c < 0) return false;
      let yes = d.get(c);
      if (yes === undefined) d.set(c, (yes = pgHypot(t.cellX[c]! - o.x, t.cellY[c]! - o.y) <= r));
      return yes;
    };
  }
  const key = order === 'newest' ? t.joinedAt : t.activeAt;
  const view = order === 'newest' ? t.byJoined : t.byActivity;
  const exactly = (a: number, b: number) => key[b]! - key[a]! || (t.ids[a]! < t.ids[b]! ? -1 : 1);
  if (only && !dense(t, only)) {
    // a text that matched few: those few, sorted (those who hide their activity have no place in
    // Verified First's part from here: the database gives a page that reaches them)
    const found = [...only].filter((i) => matches(i) && inRange(i));
    // Verified First past its verified members who show their activity: the database's page
    if (order === 'verified' && (found.length < upTo || found.some((i) => key[i] === -Infinity))) return null;
    return found
      .sort(exactly)
      .slice(0, upTo)
      .map((i) => t.ids[i]!);
  }
  const found: number[] = [];
  let stopBelow = -Infinity;
  let exhausted = true;
  view.walk((i) => {
    if (key[i]! < stopBelow) {
      exhausted = false;
      return false;
    }
    if (matches(i) && inRange(i)) {
      found.push(i);
      // the view is exact to the second: read two past the page's last before sorting it
      if (found.length === upTo) stopBelow = key[i]! - 2000;
    }
    return true;
  });
  if (order === 'verified' && exhausted && found.length < upTo) return null;
  found.sort(exactly);
  return found.slice(0, upTo).map((i) => t.ids[i]!);
}

/**
 * The slots whose username contains `q` and whose username or display name contains `name` (the
 * Members page's search and Name Search), from the table's text indexes; null when neither is asked;
 * undefined for a text under three characters, which the text index could only scan for (the database
 * answers those).
 */
export function textMatches(t: MemberTable, f: { q?: string; name?: string }): Int32Array | null | undefined {
  if (f.q === undefined && f.name === undefined) return null;
  if ((f.q !== undefined && f.q.length < 3) || (f.name !== undefined && f.name.length < 3)) return undefined;
  // what a text finds stands until a username or display name changes (a heartbeat changes neither),
  // so the terms searched again and again (a common first name: 76 000 matches at 1 000 000) are
  // found once; kept for the 64 most recent terms
  let cache = found.get(t);
  if (!cache || cache.changed !== t.textsChanged) found.set(t, (cache = { changed: t.textsChanged, terms: new Map() }));
  const key = `${f.q ?? ''}\u0000${f.name ?? ''}`;
  let hit = cache.terms.get(key);
  if (hit) {
    cache.terms.delete(key);
    cache.terms.set(key, hit);
    return hit;
  }
  hit = findTexts(t, f);
  if (cache.terms.size >= 64) cache.terms.delete(cache.terms.keys().next().value!);
  cache.terms.set(key, hit);
  return hit;
}

const found = new WeakMap<MemberTable, { changed: number; terms: Map<string, Int32Array> }>();

function findTexts(t: MemberTable, f: { q?: string; name?: string }): Int32Array {
  let out: Int32Array | null = null;
  if (f.q !== undefined) out = t.usernames.find(f.q);
  if (f.name !== undefined) {
    const either = union(t.usernames.find(f.name), t.displayNames.find(f.name));
    out = out ? intersection(out, either) : either;
  }
  return out!;
}

/** Two ascending slot lists as one, ascending, without repeats. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out[n++] = a[i++]!;
    else if (i >= a.length || b[j]! < a[i]!) out[n++] = b[j++]!;
    else {
      out[n++] = a[i++]!;
      j++;
    }
  }
  return out.subarray(0, n);
}

function intersection(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (b[j]! < a[i]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** Matches of a text common enough (one member in 50) that walking an order meets them soon. */
const dense = (t: MemberTable, only: Int32Array) => only.length * 50 > t.size;

/**
 * `matches`, and among `only` when given (ascending: a binary search per slot; a walk may pause for
 * the database between its steps, so nothing shared across requests may mark the slots).
 */
function restricted(matches: (slot: number) => boolean, only: Int32Array | null): (slot: number) => boolean {
  if (!only) return matches;
  return (i) => {
    let lo = 0;
    let hi = only.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = only[mid]!;
      if (v === i) return matches(i);
      if (v < i) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };
}

/** Some members grouped by cell: `head[c]` the first of cell c's, `next[k]` the one after `slots[k]` (-1: none). */
interface ByCell {
  head: Int32Array;
  next: Int32Array;
  slots: Int32Array;
  unplaced: number[];
}

function byCell(t: MemberTable, slots: Int32Array): ByCell {
  const head = new Int32Array(t.cellX.length).fill(-1);
  const next = new Int32Array(slots.length);
  const unplaced: number[] = [];
  for (let k = 0; k < slots.length; k++) {
    const c = t.cell[slots[k]!]!;
    if (c < 0) unplaced.push(slots[k]!);
    else {
      next[k] = head[c]!;
      head[c] = k;
    }
  }
  return { head, next, slots, unplaced };
}

/** How long the members online now, grouped by cell, serve before they are gathered again. */
const ONLINE_REUSE_MS = 1000;
const online = new WeakMap<MemberTable, { at: number; cells: number; byCell: ByCell }>();

/**
 * Everyone active within the online window (and a minute more, for those who come online while it
 * is reused), grouped by cell: the top of the activity order, gathered at most once a second and
 * shared by every request. The window itself is judged per request (`matcherFor`), so the minute's
 * margin only adds candidates; someone who came online since waits at most a second.
 */
function onlineByCell(t: MemberTable, now: number): ByCell {
  const known = online.get(t);
  if (known && now - known.at < ONLINE_REUSE_MS && now >= known.at && known.cells === t.cellX.length) return known.byCell;
  const since = now - (ONLINE_MINUTES + 1) * 60_000;
  const slots: number[] = [];
  t.byActivity.walk((i) => {
    if (t.activeAt[i]! < since - 2000) return false;
    if (t.activeAt[i]! >= since) slots.push(i);
    return true;
  });
  const grouped = byCell(t, Int32Array.from(slots));
  online.set(t, { at: now, cells: t.cellX.length, byCell: grouped });
  return grouped;
}
