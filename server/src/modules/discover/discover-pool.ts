import type { Position } from '@velvet/core/geo/grid';
import { PAIR, VERIFIED, type MemberTable } from '../members/member-index';

/**
 * How many candidates each leg of the feed considers before ranking. Ranking needs every candidate's
 * shared-interest count, which no order can give; a bounded pool taken in activity order keeps the
 * cost flat however large the community grows. Likes and passes drop members out of the pool, so the
 * next call reaches further down.
 */
export const POOL = 200;

export interface PoolQuery {
  me: string;
  /** everyone on either side of a block with the member */
  blocked: ReadonlySet<string>;
  /** everyone the member already liked or passed */
  decided: ReadonlySet<string>;
  /** the member's interests, creator tags left out */
  interests: readonly string[];
  minAge: number;
  maxAge: number | null;
  distance: { centre: Position; km: number } | null;
}

const popcount = (v: number) => {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};

/**
 * Discover's next candidates from the member index, ranked as discover.repository's `candidates`
 * ranks them: of the POOL most recently active eligible members who show their activity and the
 * POOL newest who hide it, shared interests first, then distance (squared, in the same planar
 * measure and arithmetic as the database's), then activity, verified, id. Returns the first `want`
 * in rank order: the caller reads them again by id and asks for more if one is dropped.
 */
export function rankedPool(t: MemberTable, q: PoolQuery, want: number): string[] {
  const lo = q.minAge;
  const hi = q.maxAge ?? Infinity;
  const inAge = (a: number) => a >= lo && a <= hi;
  let mineLo = 0;
  let mineHi = 0;
  for (const interest of q.interests) {
    const bit = t.interestBit.get(interest);
    if (bit === undefined) continue;
    if (bit < 32) mineLo |= 1 << bit;
    else mineHi |= 1 << (bit - 32);
  }
  const circle = q.distance ? circleOf(t, q.distance.centre, q.distance.km) : null;
  const cellD2 = circle?.cellD2 ?? null;
  const eligible = (i: number) => {
    if (cellD2) {
      const c = t.cell[i]!;
      if (c < 0 || cellD2[c] !== cellD2[c]) return false;
    }
    if (!inAge(t.age[i]!) && !((t.flags[i]! & PAIR) !== 0 && inAge(t.partnerAge[i]!))) return false;
    const id = t.ids[i]!;
    return id !== q.me && !q.blocked.has(id) && !q.decided.has(id);
  };

  let pool: number[];
  if (circle && circle.within * 4 < t.size) {
    // a part of the community within the distance: its cells, each with its members already in
    // activity order (and the hidden in joined order), merged on a heap, the most recent first,
    // until each leg has POOL
    pool = [
      ...mergeRecent(circle.near, (c) => t.listsOf(c).active, t.activeAt, eligible),
      ...mergeRecent(circle.near, (c) => t.listsOf(c).hidden, t.joinedAt, eligible),
    ];
  } else {
    // no distance, or one that holds a good part of everyone: walk each whole order from the top
    // (most of those met are within it, so the walk ends soon)
    pool = [];
    for (const view of [t.byActivity, t.hiddenByJoined]) {
      let taken = 0;
      view.walk((i) => {
        if (eligible(i)) {
          pool.push(i);
          taken++;
        }
        return taken < POOL;
      });
    }
  }
  // ranked in full only as far as `want`: by shared interests first, so only the members with at
  // least as many shared as the `want`-th are sorted
  const shared = new Int32Array(pool.length);
  const counts = new Int32Array(65);
  pool.forEach((i, k) => {
    shared[k] = popcount((t.interestsLo[i]! & mineLo) >>> 0) + popcount((t.interestsHi[i]! & mineHi) >>> 0);
    counts[shared[k]]!++;
  });
  let least = 64;
  for (let seen = counts[64]!; least > 0 && seen < want;) seen += counts[--least]!;
  const top: number[] = [];
  pool.forEach((i, k) => {
    if (shared[k]! >= least) top.push(k);
  });
  const d2 = (i: number) => (cellD2 ? cellD2[t.cell[i]!]! : Infinity);
  top.sort((x, y) => {
    const a = pool[x]!;
    const b = pool[y]!;
    return (
      shared[y]! - shared[x]! ||
      d2(a) - d2(b) ||
      byActivityDesc(t, a, b) ||
      (t.flags[b]! & VERIFIED) - (t.flags[a]! & VERIFIED) ||
      (t.ids[a]! < t.ids[b]! ? -1 : 1)
    );
  });
  return top.slice(0, want).map((k) => t.ids[pool[k]!]!);
}

/** The cells within a distance of a centre, as Discover measures it (see `circleOf`). */
interface Circle {
  /** squared distance of each cell within it (NaN: outside) */
  cellD2: Float64Array;
  near: number[];
  /** members placed within it */
  within: number;
  cells: number;
}

const circles = new WeakMap<MemberTable, Map<string, Circle>>();

/**
 * The cells within `km` of `centre` as the database measures it (a box, then squared degrees with
 * longitude scaled at the centre), once per cell: members of a cell share its latitude and
 * longitude. Kept per centre and distance (members page through Discover from the same cell) until
 * a new cell appears; the member counts are only for choosing how to read, so they may lag.
 */
function circleOf(t: MemberTable, centre: Position, km: number): Circle {
  let cache = circles.get(t);
  if (!cache) circles.set(t, (cache = new Map()));
  const key = `${centre.lat}:${centre.lng}:${km}`;
  const cells = t.cellLat.length;
  const known = cache.get(key);
  if (known && known.cells === cells) return known;
  const dLat = km / 111.2;
  const kx = Math.cos((centre.lat * Math.PI) / 180);
  const dLng = dLat / kx;
  const r2 = dLat * dLat;
  const circle: Circle = { cellD2: new Float64Array(cells).fill(NaN), near: [], within: 0, cells };
  for (let c = 0; c < cells; c++) {
    const lat = t.cellLat[c]!;
    const lng = t.cellLng[c]!;
    if (lat < centre.lat - dLat || lat > centre.lat + dLat || lng < centre.lng - dLng || lng > centre.lng + dLng) continue;
    const a = lat - centre.lat;
    const b = (lng - centre.lng) * kx;
    const d2 = a * a + b * b;
    if (d2 > r2) continue;
    circle.cellD2[c] = d2;
    circle.near.push(c);
    circle.within += t.cellMembers[c]!.length;
  }
  if (cache.size >= 512) cache.delete(cache.keys().next().value!);
  cache.set(key, circle);
  return circle;
}

/**
 * The first POOL eligible members of several cells' lists (each sorted by `key`, highest first), in
 * `key` order: a k-way merge on a binary heap of the cells' next members.
 */
function mergeRecent(cells: number[], list: (c: number) => Int32Array, key: Float64Array, eligible: (slot: number) => boolean): number[] {
  const lists: Int32Array[] = [];
  for (const c of cells) {
    const l = list(c);
    if (l.length) lists.push(l);
  }
  const n = lists.length;
  const heapList = new Int32Array(n);
  const heapAt = new Int32Array(n);
  const heapKey = new Float64Array(n);
  let size = 0;
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let top = i;
      if (l < size && heapKey[l]! > heapKey[top]!) top = l;
      if (r < size && heapKey[r]! > heapKey[top]!) top = r;
      if (top === i) return;
      const l0 = heapList[i]!;
      heapList[i] = heapList[top]!;
      heapList[top] = l0;
      const a0 = heapAt[i]!;
      heapAt[i] = heapAt[top]!;
      heapAt[top] = a0;
      const k0 = heapKey[i]!;
      heapKey[i] = heapKey[top]!;
      heapKey[top] = k0;
      i = top;
    }
  };
  for (let k = 0; k < n; k++) {
    heapList[size] = k;
    heapAt[size] = 0;
    heapKey[size] = key[lists[k]![0]!]!;
    size++;
  }
  for (let i = (size >> 1) - 1; i >= 0; i--) down(i);
  const out: number[] = [];
  while (size > 0 && out.length < POOL) {
    const l = lists[heapList[0]!]!;
    const at = heapAt[0]!;
    const slot = l[at]!;
    if (eligible(slot)) out.push(slot);
    if (at + 1 < l.length) {
      heapAt[0] = at + 1;
      heapKey[0] = key[l[at + 1]!]!;
    } else {
      size--;
      heapList[0] = heapList[size]!;
      heapAt[0] = heapAt[size]!;
      heapKey[0] = heapKey[size]!;
    }
    down(0);
  }
  return out;
}

/** Most recently active first, those who hide it last (as `nulls last`). */
function byActivityDesc(t: MemberTable, a: number, b: number) {
  const x = t.activeAt[a]!;
  const y = t.activeAt[b]!;
  return x === y ? 0 : y > x ? 1 : -1;
}
