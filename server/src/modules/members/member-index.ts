import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shownToAnyone, visibleActivity } from '../../db/visibility';
import { AUTH_CHANGES_CHANNEL } from '../../auth/session-cache';
import { CREATOR_TAG, CREATOR_TYPES } from '@velvet/core/constants/options';
import { OrderedView } from './ordered-view';
import { createTextIndex } from './text-index';

/** The channel of migration 0013's triggers: the ids of profiles a statement inserted, changed or deleted. */
export const MEMBER_CHANGES_CHANNEL = 'velvet_members';

export const VERIFIED = 1;
export const WITH_PHOTO = 2;
/** placed by their device (Who's Near on), not hiding their location */
export const DEVICE = 4;
/** a couple or group (kind other than 'individual'): either partner's age counts in Discover */
export const PAIR = 8;

/** The creator tags as bits: CREATOR_TAG is bit 0, CREATOR_TYPES[i] bit i + 1. */
export const CREATOR_BITS: ReadonlyMap<string, number> = new Map([
  [CREATOR_TAG, 1],
  ...CREATOR_TYPES.map((t, i) => [t, 1 << (i + 1)] as const),
]);

/** A member's row as the index reads it (see `memberRows`). */
type IndexedRow = {
  id: string;
  shown: boolean;
  gender: string | null;
  /** the cell in the projection of `profiles_visible_cell_idx`, computed by the database; null: not placed for others */
  x: number | null;
  y: number | null;
  lat: number | null;
  lng: number | null;
  flags: number;
  creators: number;
  /** their interests, creator tags left out */
  interests: string[] | null;
  username: string;
  displayName: string;
  city: string | null;
  activeAt: number | string | null;
  joinedAt: number | string;
  age: number | null;
  partnerAge: number | null;
};

/**
 * The columns the index keeps, read by the database so its numbers are the database's own: the cell's
 * x is the index expression's (`cos` of the database's libm), so distances here and there agree to the bit.
 */
const rowColumns = sql`p.user_id as id, (${shownToAnyone}) as shown, p.gender,
  case when p.location_lat is null or p.hide_location then null else (p.location_lng + 2) * cos(radians(p.location_lat)) end as x,
  case when p.location_lat is null or p.hide_location then null else p.location_lat end as y,
  case when p.location_lat is null or p.hide_location then null else p.location_lat end as lat,
  case when p.location_lat is null or p.hide_location then null else p.location_lng end as lng,
  (case when u.verified then ${VERIFIED} else 0 end) | (case when p.avatar_url is not null then ${WITH_PHOTO} else 0 end)
    | (case when p.location_source = 'device' and not p.hide_location and p.location_lat is not null then ${DEVICE} else 0 end)
    | (case when p.kind <> 'individual' then ${PAIR} else 0 end) as flags,
  ${sql.join(
    [...CREATOR_BITS].map(([tag, bit]) => sql`(case when ${tag} = any(p.interests) then ${bit} else 0 end)`),
    sql` | `,
  )} as creators,
  array(select i from unnest(p.interests) i where i <> all(${`{${[...CREATOR_BITS.keys()].join(',')}}`}::text[])) as interests,
  case when p.hide_location then null else lower(p.location_city) end as city,
  extract(epoch from ${visibleActivity}) * 1000 as "activeAt", extract(epoch from p.created_at) * 1000 as "joinedAt",
  p.age, p.partner_age as "partnerAge", p.username, p.display_name as "displayName"`;

const CHUNK = 20_000;

/** One cell's members in Discover's two orders (see `MemberTable.listsOf`). */
export interface CellLists {
  active: Int32Array;
  hidden: Int32Array;
}

/** The cells from one origin, nearest first: `d[k]` is the distance of `cells[k]`. */
export interface CellOrder {
  cells: Int32Array;
  d: Float64Array;
}

/**
 * PostgreSQL's `point <-> point` (float.c `pg_hypot`), step for step, so a distance here is the very
 * double the database orders by: `Math.hypot` rounds differently and would order near-ties otherwise.
 */
export function pgHypot(dx: number, dy: number): number {
  let x = Math.abs(dx);
  let y = Math.abs(dy);
  if (x < y) [x, y] = [y, x];
  if (y === 0) return x;
  const yx = y / x;
  return x * Math.sqrt(1 + yx * yx);
}

/**
 * Every member others may be shown (finished, not anonymous), as columns indexed by a slot, with the
 * placed grouped by cell. Mutable: the live index applies each change to its slot.
 */
export class MemberTable {
  ids: string[] = [];
  readonly slotOf = new Map<string, number>();
  /** 1: shown to others; 0: a free slot (left, anonymous, unfinished) */
  alive = new Uint8Array(1024);
  /** ms since the epoch; -Infinity when they hide it (last, as `nulls last`) */
  activeAt = new Float64Array(1024);
  joinedAt = new Float64Array(1024);
  /** -1: none */
  age = new Int16Array(1024);
  partnerAge = new Int16Array(1024);
  flags = new Uint8Array(1024);
  creators = new Uint8Array(1024);
  /** `ilike '%…%'` by username and by display name (Search's username and Name Search) */
  readonly usernames = createTextIndex();
  readonly displayNames = createTextIndex();
  /** counts changes to either text index: what was found in them stands until it moves */
  textsChanged = 0;
  /** their interests as bits of `interestBit` (64 at most: two words) */
  interestsLo = new Uint32Array(1024);
  interestsHi = new Uint32Array(1024);
  readonly interestBit = new Map<string, number>();
  /** more distinct interests than 64 bits hold: Discover reads the database */
  interestsOverflow = false;
  /** an index into `genders` */
  gender = new Uint8Array(1024);
  readonly genders: (string | null)[] = [null];
  private readonly genderCodes = new Map<string | null, number>([[null, 0]]);
  /** an index into `cities` (lower-cased, hidden locations none); 0: none */
  city = new Int32Array(1024);
  readonly cities: (string | null)[] = [null];
  private readonly cityCodes = new Map<string | null, number>([[null, 0]]);
  /** an index into the cells; -1: not placed for others */
  cell = new Int32Array(1024);
  readonly cellX: number[] = [];
  readonly cellY: number[] = [];
  /** the cell's own latitude and longitude (Discover measures by these) */
  readonly cellLat: number[] = [];
  readonly cellLng: number[] = [];
  /** the slots placed in each cell, in no order */
  readonly cellMembers: number[][] = [];
  private readonly cellOf = new Map<string, number>();
  /** each cell's members in Discover's two orders, sorted when first asked for after a change (null) */
  private readonly cellSorted: (CellLists | null)[] = [];
  /** slots alive and not placed (no town, or hiding their location), in no order */
  readonly unplaced = new Set<number>();
  private free: number[] = [];
  size = 0;
  /** members who show their activity, most recently active first (Discover's pool) */
  readonly byActivity = new OrderedView((s) => (this.alive[s] === 1 ? this.activeAt[s]! : -Infinity));
  /** everyone, newest first (Newest First, the New tiles) */
  readonly byJoined = new OrderedView((s) => (this.alive[s] === 1 ? this.joinedAt[s]! : -Infinity));
  /** members who hide their activity, newest first (Discover's pool, so activity never decides for them) */
  readonly hiddenByJoined = new OrderedView((s) => (this.alive[s] === 1 && this.activeAt[s] === -Infinity ? this.joinedAt[s]! : -Infinity));

  /** Sorts the ordered views again (after a full read, or when their changes pile up). */
  sortViews() {
    this.byActivity.sort(this.ids.length);
    this.byJoined.sort(this.ids.length);
    this.hiddenByJoined.sort(this.ids.length);
  }
  /** the cells in distance order from recent origins (see `cellsFrom`), most recently used last */
  private readonly orders = new Map<string, CellOrder>();

  /**
   * Every cell in distance order from a point (the cell index's projection), with the distances as
   * the database computes them (`pgHypot`). Members of one town share a few cells, so the order is
   * sorted once per origin and kept (least recently used dropped beyond ~32 MB); a new cell
   * anywhere sorts it again. Cells are never forgotten (an empty cell costs a step of the walk).
   */
  cellsFrom(x: number, y: number): CellOrder {
    const key = `${x}:${y}`;
    const n = this.cellX.length;
    let order = this.orders.get(key);
    if (order && order.cells.length === n) {
      this.orders.delete(key);
      this.orders.set(key, order);
      return order;
    }
    const d = new Float64Array(n);
    for (let c = 0; c < n; c++) d[c] = pgHypot(this.cellX[c]! - x, this.cellY[c]! - y);
    const cells = new Int32Array(n);
    for (let c = 0; c < n; c++) cells[c] = c;
    cells.sort((a, b) => d[a]! - d[b]!);
    const sorted = new Float64Array(n);
    for (let k = 0; k < n; k++) sorted[k] = d[cells[k]!]!;
    order = { cells, d: sorted };
    this.orders.delete(key);
    this.orders.set(key, order);
    const keep = Math.max(8, Math.floor((32 << 20) / (12 * Math.max(1, n))));
    for (const old of this.orders.keys()) {
      if (this.orders.size <= keep) break;
      this.orders.delete(old);
    }
    return order;
  }

  private grow() {
    const n = this.alive.length * 2;
    const more = <T extends { length: number; set(a: T): void }>(a: T, make: (n: number) => T) => {
      const b = make(n);
      b.set(a);
      return b;
    };
    this.alive = more(this.alive, (k) => new Uint8Array(k));
    this.activeAt = more(this.activeAt, (k) => new Float64Array(k));
    this.joinedAt = more(this.joinedAt, (k) => new Float64Array(k));
    this.age = more(this.age, (k) => new Int16Array(k));
    this.partnerAge = more(this.partnerAge, (k) => new Int16Array(k));
    this.flags = more(this.flags, (k) => new Uint8Array(k));
    this.creators = more(this.creators, (k) => new Uint8Array(k));
    this.interestsLo = more(this.interestsLo, (k) => new Uint32Array(k));
    this.interestsHi = more(this.interestsHi, (k) => new Uint32Array(k));
    this.gender = more(this.gender, (k) => new Uint8Array(k));
    this.city = more(this.city, (k) => new Int32Array(k));
    this.cell = more(this.cell, (k) => new Int32Array(k));
  }

  private code(map: Map<string | null, number>, list: (string | null)[], value: string | null) {
    let c = map.get(value);
    if (c === undefined) {
      c = list.length;
      map.set(value, c);
      list.push(value);
    }
    return c;
  }

  /**
   * A cell's members who show their activity, most recently active first, and those who hide it,
   * newest first (Discover's pool merges these across the cells within its distance).
   */
  listsOf(c: number): CellLists {
    let lists = this.cellSorted[c];
    if (!lists) {
      const members = this.cellMembers[c]!;
      const active = Int32Array.from(members.filter((s) => this.activeAt[s] !== -Infinity));
      const hidden = Int32Array.from(members.filter((s) => this.activeAt[s] === -Infinity));
      active.sort((a, b) => this.activeAt[b]! - this.activeAt[a]! || a - b);
      hidden.sort((a, b) => this.joinedAt[b]! - this.joinedAt[a]! || a - b);
      lists = { active, hidden };
      this.cellSorted[c] = lists;
    }
    return lists;
  }

  private unplace(slot: number) {
    const c = this.cell[slot]!;
    if (c >= 0) {
      this.cellSorted[c] = null;
      const list = this.cellMembers[c]!;
      const at = list.indexOf(slot);
      list[at] = list[list.length - 1]!;
      list.pop();
    } else this.unplaced.delete(slot);
    this.cell[slot] = -1;
  }

  /** Forgets a member (left, or no longer shown to others). */
  remove(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.unplace(slot);
    this.alive[slot] = 0;
    this.usernames.set(slot, null);
    this.displayNames.set(slot, null);
    this.textsChanged++;
    this.byActivity.touch(slot);
    this.byJoined.touch(slot);
    this.hiddenByJoined.touch(slot);
    this.slotOf.delete(id);
    this.free.push(slot);
    this.size--;
  }

  /** Stores a member as read (or forgets them when no longer shown). */
  put(r: IndexedRow) {
    if (!r.shown) return this.remove(r.id);
    let slot = this.slotOf.get(r.id);
    const isNew = slot === undefined;
    if (slot === undefined) {
      slot = this.free.pop() ?? this.ids.length;
      if (slot === this.ids.length) {
        if (slot >= this.alive.length) this.grow();
        this.ids.push(r.id);
      } else this.ids[slot] = r.id;
      this.slotOf.set(r.id, slot);
      this.alive[slot] = 1;
      this.cell[slot] = -1;
      this.unplaced.add(slot);
      this.size++;
    }
    const activeAt = r.activeAt === null ? -Infinity : Number(r.activeAt);
    const joinedAt = Number(r.joinedAt);
    // each order told only of what moves in it (a heartbeat moves a member in the activity order alone)
    const fresh = !isNew && this.joinedAt[slot] === joinedAt;
    const activityMoved = !fresh || this.activeAt[slot] !== activeAt;
    const hiddenMoved = !fresh || (this.activeAt[slot] === -Infinity) !== (activeAt === -Infinity);
    this.activeAt[slot] = activeAt;
    this.joinedAt[slot] = joinedAt;
    this.age[slot] = r.age ?? -1;
    this.partnerAge[slot] = r.partnerAge ?? -1;
    this.flags[slot] = r.flags;
    this.creators[slot] = r.creators;
    if (this.usernames.get(slot) !== r.username.toLowerCase()) {
      this.usernames.set(slot, r.username);
      this.textsChanged++;
    }
    if (this.displayNames.get(slot) !== r.displayName.toLowerCase()) {
      this.displayNames.set(slot, r.displayName);
      this.textsChanged++;
    }
    let lo = 0;
    let hi = 0;
    for (const interest of r.interests ?? []) {
      let bit = this.interestBit.get(interest);
      if (bit === undefined) {
        bit = this.interestBit.size;
        this.interestBit.set(interest, bit);
      }
      if (bit < 32) lo |= 1 << bit;
      else if (bit < 64) hi |= 1 << (bit - 32);
      else this.interestsOverflow = true;
    }
    this.interestsLo[slot] = lo >>> 0;
    this.interestsHi[slot] = hi >>> 0;
    if (activityMoved) this.byActivity.touch(slot);
    if (!fresh) this.byJoined.touch(slot);
    if (hiddenMoved) this.hiddenByJoined.touch(slot);
    this.gender[slot] = this.code(this.genderCodes, this.genders, r.gender);
    this.city[slot] = this.code(this.cityCodes, this.cities, r.city);
    // the cell, by the database's own numbers for it
    let cell = -1;
    if (r.x !== null && r.y !== null) {
      const x = Number(r.x);
      const y = Number(r.y);
      const key = `${x}:${y}`;
      cell = this.cellOf.get(key) ?? -1;
      if (cell < 0) {
        cell = this.cellX.length;
        this.cellOf.set(key, cell);
        this.cellX.push(x);
        this.cellY.push(y);
        this.cellLat.push(Number(r.lat));
        this.cellLng.push(Number(r.lng));
        this.cellMembers.push([]);
        this.cellSorted.push(null);
      }
    }
    // its keys may have changed: its cell's orders are sorted again when next asked for
    if (cell >= 0) this.cellSorted[cell] = null;
    if (cell !== this.cell[slot]) {
      this.unplace(slot);
      this.cell[slot] = cell;
      if (cell >= 0) this.cellMembers[cell]!.push(slot);
      else this.unplaced.add(slot);
    }
  }
}

async function readAll(database: Database): Promise<MemberTable> {
  const table = new MemberTable();
  // keyset pages by primary key: each a short read, with the event loop free between them
  for (let after = ''; ;) {
    const rows = await database.db.execute<IndexedRow>(sql`
      select ${rowColumns} from profiles p join "user" u on u.id = p.user_id
      where ${shownToAnyone} and p.user_id > ${after} order by p.user_id limit ${CHUNK}`);
    for (const r of rows.rows) table.put(r);
    if (rows.rows.length < CHUNK) {
      table.sortViews();
      return table;
    }
    after = rows.rows[rows.rows.length - 1]!.id;
  }
}

async function readSome(database: Database, ids: string[]): Promise<IndexedRow[]> {
  const rows = await database.db.execute<IndexedRow>(sql`
    select ${rowColumns} from profiles p join "user" u on u.id = p.user_id
    where p.user_id = any(string_to_array(${ids.join(',')}, ','))`);
  return rows.rows;
}

export type MemberIndexState = 'off' | 'idle' | 'building' | 'ready';

export interface MemberIndex {
  /** The table to search, or null while it is being built (callers read the database then). */
  table(): Promise<MemberTable | null>;
  state(): MemberIndexState;
  close(): Promise<void>;
}

/**
 * The members others may find, kept in this process for the Members page's nearest-first searches,
 * Who's Near and the Search tiles: finding a page's candidates here costs microseconds where the
 * database's distance-ordered reads cost milliseconds a request. Every candidate is read again by id
 * with the privacy filter and the search's own conditions, so a change not yet heard never shows
 * anyone it should not; it can only leave someone out for the moment it takes to arrive.
 *
 * - `live`: built in the background on first use (null until then), then kept current by the
 *   NOTIFYs of migration 0013 (profiles) and of the auth triggers (a member's verified mark), each
 *   batch of ids read again by primary key; read again in full after the listener reconnects (what was
 *   sent meanwhile is lost) and every `rebuildMs`.
 * - `per-call`: read in full on every call (tests: small databases, always current).
 * - `off`: never (the database serves every search).
 */
export function createMemberIndex(database: Database, opts: { mode: 'live' | 'per-call' | 'off'; rebuildMs?: number }): MemberIndex {
  let current: MemberTable | null = null;
  let building: Promise<void> | null = null;
  /** a full read asked for while one ran (a reconnect: what it read before may have missed changes) */
  let again = false;
  let started = false;
  let closed = false;
  /** ids heard of and not yet read again; during a build, everything heard since it began */
  let pending = new Set<string>();
  let applying: Promise<void> | null = null;
  let unlisten: (() => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let lastAuthRebuild = -Infinity;
  let retryAfter = -Infinity;

  function applyPending() {
    if (applying || building || !current || pending.size === 0 || closed) return;
    const table = current;
    const ids = [...pending].slice(0, 5000);
    for (const id of ids) pending.delete(id);
    let failed = false;
    applying = readSome(database, ids)
      .then((rows) => {
        const seen = new Set<string>();
        for (const r of rows) {
          seen.add(r.id);
          table.put(r);
        }
        for (const id of ids) if (!seen.has(id)) table.remove(id);
        if (table.byActivity.stale() || table.byJoined.stale() || table.hiddenByJoined.stale()) table.sortViews();
      })
      .catch(() => {
        failed = true;
        for (const id of ids) pending.add(id);
      })
      .finally(() => {
        applying = null;
        // after a failure (the database away), try again in a second, not in a loop
        if (pending.size) {
          if (failed) setTimeout(applyPending, 1000).unref();
          else setImmediate(applyPending);
        }
      });
  }

  /** A profile's NOTIFY: the ids a statement changed. */
  function heardMembers(payload: string) {
    for (const id of payload.split(',')) if (id) pending.add(id);
    applyPending();
  }

  /**
   * An auth NOTIFY (a member's verified mark among other things): the ids; '*' for a statement over
   * too many members to name (a sessions clean-up, mostly): read everyone again, at most every ten
   * minutes (verified marks change one by one; the hourly read catches the rest).
   */
  function heardAuth(payload: string) {
    if (payload !== '*') return heardMembers(payload);
    const now = performance.now();
    if (now - lastAuthRebuild < 10 * 60_000) return;
    lastAuthRebuild = now;
    rebuild();
  }

  function rebuild() {
    if (closed) return;
    if (building) {
      again = true;
      return;
    }
    again = false;
    // what is heard from now on is read again after the build, which may have read it before the change
    const before = pending;
    pending = new Set();
    building = (async () => {
      try {
        current = await readAll(database);
      } catch {
        // kept for the next try, in a few seconds; the last table (if any) still answers meanwhile
        for (const id of before) pending.add(id);
        setTimeout(rebuild, 5000).unref();
      } finally {
        building = null;
      }
      if (again) rebuild();
      else applyPending();
    })();
  }

  async function start() {
    started = true;
    const listening = await Promise.allSettled([
      database.listen(MEMBER_CHANGES_CHANNEL, heardMembers, rebuild),
      database.listen(AUTH_CHANGES_CHANNEL, heardAuth, rebuild),
    ]);
    const stops = listening.flatMap((l) => (l.status === 'fulfilled' ? [l.value] : []));
    if (stops.length < listening.length || closed) {
      // not listening, it could not be kept current: the database answers, and a call in 30 s tries again
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
      started = false;
      retryAfter = performance.now() + 30_000;
      return;
    }
    unlisten = stops;
    rebuild();
    if (opts.rebuildMs) {
      timer = setInterval(rebuild, opts.rebuildMs);
      timer.unref();
    }
  }

  return {
    async table() {
      if (opts.mode === 'off' || closed) return null;
      if (opts.mode === 'per-call') return readAll(database);
      if (!started && performance.now() >= retryAfter) void start();
      return current;
    },
    state() {
      if (opts.mode === 'off') return 'off';
      if (opts.mode === 'per-call') return 'ready';
      return current ? 'ready' : started ? 'building' : 'idle';
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await Promise.all(unlisten.map((stop) => stop().catch(() => undefined)));
      await building;
      await applying;
    },
  };
}
