/**
 * An in-memory answer to `column ilike '%term%'` over up to a few million members' texts (username,
 * display name, town), each member a slot 0..n-1: the slots whose text contains the term,
 * case-insensitively, ascending.
 *
 * Design, and why:
 * - Texts are lower-cased with `toLowerCase()` on both sides (so the comparison is consistent; it is
 *   close to, not exactly, PostgreSQL's `lower()` for a few special letters) and compared as UTF-16
 *   code units, as `String.prototype.includes` compares them.
 * - Equal texts are stored once, as a document: towns and display names repeat (a fifth of members in
 *   London), and a query's work is per distinct text. A document's id is one of its slots (see ONE,
 *   MANY), so a unique text's document is its own slot: ascending documents are ascending slots, with
 *   nothing to map or sort, however members come and go. Equal texts are found through a hash table
 *   of ~8 bytes a text (a Map<string, number> took ~22 at 1 000 000).
 * - Posting lists are keyed by trigram AND its position in the text: a document is in list (t, p)
 *   when its text has trigram t at position p. A term matches at start s exactly when its trigrams at
 *   offsets covering all its characters (0, at most 3 apart, …, length − 3) are in the lists at
 *   s + offset, so intersecting those lists is the answer, with nothing left to verify. (The first
 *   design verified each candidate of plain trigram lists with `includes`: on strings scattered over
 *   the heap that measured 80–120 ns a candidate at 1 000 000, two cache misses, against ~2 ns a list
 *   element; 'velvet_ki' spent 0.5–0.7 ms verifying its 6 000 candidates, now 0.1 ms in all.) The
 *   position also splits a common trigram's list (every 'velvet_…' has 'vel' at 0 only), so the lists
 *   intersected are shorter. `includes` still answers terms under 3 characters (a scan) and texts
 *   longer than LONG_TEXT (none, under the schema's limits), which are not posted.
 * - The lists are exact, not supersets: changes are queued per list (ids to add, ids to remove) and
 *   merged in, in order, when the list is read or the queue grows; appending in order (new members)
 *   needs no queue. An update costs a few set operations; a read at most one memmove of its list.
 */

/** The text index's contract: see the module comment. */
export interface TextIndex {
  /** sets (or replaces) the text of a slot; null/'' removes it */
  set(slot: number, text: string | null): void;
  /** the slot's current text, lower-cased as stored, or null */
  get(slot: number): string | null;
  /**
   * Every slot whose text contains `term` case-insensitively (as PostgreSQL `ilike '%term%'` with the
   * term's % and _ escaped: a plain substring), in ascending slot order, as an Int32Array.
   * Terms shorter than 3 characters are answered by a scan (correct, slower).
   */
  find(term: string): Int32Array;
  /** how many slots hold text */
  readonly size: number;
}

/** Texts longer than this (code units) are checked by `includes` on every query instead of posted. */
const LONG_TEXT = 256;
/** Queued changes past this many, and past an eighth of the list, are merged in at once, bounding their memory. */
const FLUSH_PENDING = 64;
/** Ids out of order, this few, are sorted by comparison; more, by radix, or by a bitmap when dense (see sortUnique). */
const SORT_MAX = 512;
/** Lists shorter than this never keep bits: a binary search per candidate is cheap enough. */
const DENSE_MIN = 4096;
/** Rough costs (ns), measured at 1 000 000 usernames: a step of a bitmap intersection; a binary search step. */
const STEP_NS = 1.7;
const SEARCH_NS = 4;

/**
 * A document's id is a slot holding its text: for a text no other slot holds, that slot; for a shared
 * text, one of its slots (another takes over when it leaves). Per slot, docKind says whether the slot
 * stands for a document: not (NOT_DOC), for itself alone (ONE), or for several slots (MANY).
 */
const NOT_DOC = 0;
const ONE = 1;
const MANY = 2;

/** A sorted set of non-negative ids in a growable Int32Array, with its changes queued (see the module comment). */
class IdList {
  ids: Int32Array;
  len = 0;
  /**
   * The set as bits as well, once dense enough that they take no more room than the ids (a common
   * trigram at a common place: 'vel' at 0): then intersecting with it is a bit test per candidate,
   * not a pass over its ids. Always exact (kept as changes come, not queued).
   */
  bits: Int32Array | null = null;
  /** no id in the set is above it */
  private max = -1;
  /** ids to add, none of them in `ids` */
  private added: Set<number> | null = null;
  /** ids to remove, all of them in `ids` */
  private removed: Set<number> | null = null;

  constructor(capacity = 4) {
    this.ids = new Int32Array(capacity);
  }

  get size(): number {
    return this.len + (this.added?.size ?? 0) - (this.removed?.size ?? 0);
  }

  add(id: number): void {
    this.insert(id);
    if (id > this.max) this.max = id;
    if (this.bits) {
      if (id >>> 5 >= this.bits.length) this.growBits();
      this.bits[id >>> 5] = this.bits[id >>> 5]! | (1 << (id & 31));
    } else if (this.len >= DENSE_MIN && this.size * 32 > this.max) {
      this.flush();
      this.growBits();
      for (let i = 0; i < this.len; i++) this.bits![this.ids[i]! >>> 5] = this.bits![this.ids[i]! >>> 5]! | (1 << (this.ids[i]! & 31));
    }
  }

  delete(id: number): void {
    if (this.added?.delete(id)) {
      // nothing to merge
    } else {
      (this.removed ??= new Set()).add(id);
      this.flushIfLong(this.removed.size);
    }
    if (this.bits) {
      this.bits[id >>> 5] = this.bits[id >>> 5]! & ~(1 << (id & 31));
      // half as dense as it took to get them: the bits cost more than they save
      if (this.size * 64 < this.max) this.bits = null;
    }
  }

  private insert(id: number): void {
    if (this.removed?.delete(id)) return;
    if (!this.added?.size && (this.len === 0 || id > this.ids[this.len - 1]!)) {
      if (this.len === this.ids.length) this.grow(this.len + 1);
      this.ids[this.len++] = id;
      return;
    }
    (this.added ??= new Set()).add(id);
    this.flushIfLong(this.added.size);
  }

  private growBits(): void {
    const next = new Int32Array(Math.ceil(((this.max >>> 5) + 1) * 1.25));
    if (this.bits) next.set(this.bits);
    this.bits = next;
  }

  /** Merges the queued changes in: afterwards `ids[0..len)` is the set. */
  flush(): void {
    if (this.removed?.size) this.applyRemovals(Int32Array.from(this.removed).sort());
    if (this.added?.size) this.applyAdditions(Int32Array.from(this.added).sort());
    this.added = this.removed = null;
  }

  private flushIfLong(pending: number): void {
    if (pending > FLUSH_PENDING && pending * 8 > this.len) this.flush();
  }

  /** Block moves between the removed ids (binary searched): a few removals cost one memmove, not a loop in JS. */
  private applyRemovals(gone: Int32Array): void {
    const ids = this.ids;
    let write = -1;
    let from = 0;
    for (const id of gone) {
      const at = lowerBound(ids, from, this.len, id);
      if (write < 0) write = at;
      else {
        ids.copyWithin(write, from, at);
        write += at - from;
      }
      from = at + 1;
    }
    ids.copyWithin(write, from, this.len);
    this.len = write + (this.len - from);
  }

  /** From the largest id down, each block of the list moves up once to make room. */
  private applyAdditions(extra: Int32Array): void {
    if (this.len + extra.length > this.ids.length) this.grow(this.len + extra.length);
    const ids = this.ids;
    let end = this.len;
    for (let j = extra.length - 1; j >= 0; j--) {
      const id = extra[j]!;
      const at = lowerBound(ids, 0, end, id);
      ids.copyWithin(at + j + 1, at, end);
      ids[at + j] = id;
      end = at;
    }
    this.len += extra.length;
  }

  static of(id: number): IdList {
    const list = new IdList(1);
    list.add(id);
    return list;
  }

  private grow(needed: number): void {
    // the postings are most of the memory: 1.5× while short, then 1.125× (copies are memcpy, slack is not free)
    const factor = this.ids.length < 65536 ? 1.5 : 1.125;
    const next = new Int32Array(Math.max(needed, Math.ceil(this.ids.length * factor), 4));
    next.set(this.ids.subarray(0, this.len));
    this.ids = next;
  }
}

/** The first index in [from, to) of `a` whose value is ≥ id. */
function lowerBound(a: Int32Array, from: number, to: number, id: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The trigram at `i` as a number, so the posting map hashes small integers, not fresh 3-character
 * strings: 10 bits a code unit when all three are below 1024 (Latin, Greek), else a larger double
 * (exact below 2^53) that cannot collide with those.
 */
function trigramKey(s: string, i: number): number {
  const a = s.charCodeAt(i);
  const b = s.charCodeAt(i + 1);
  const c = s.charCodeAt(i + 2);
  if ((a | b | c) < 1024) return (a << 20) | (b << 10) | c;
  return 2 ** 30 + (a * 65536 + b) * 65536 + c;
}

/** FNV-1a over the code units, then murmur3's finaliser (linear probing wants the low bits mixed). */
function hashText(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Document ids by text, for storing equal texts once: open addressing with linear probing over an
 * Int32Array of doc + 1 (0: empty). The texts are the index's own, read through `texts` by id; their
 * hashes are kept, so growing the table (doubling at 2^20 texts: 65 ms, where hashing the strings
 * again took 400) and deleting (moving entries back) hash no string.
 */
class DocTable {
  private cells = new Int32Array(1024);
  private hashes: Int32Array = new Int32Array(0);
  private count = 0;

  constructor(private readonly texts: readonly (string | undefined)[]) {}

  get(text: string): number {
    const hash = hashText(text);
    const mask = this.cells.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const cell = this.cells[i]!;
      if (cell === 0) return -1;
      if (this.hashes[cell - 1] === hash && this.texts[cell - 1] === text) return cell - 1;
    }
  }

  /** `texts[doc]` is its text already. */
  add(doc: number): void {
    if (doc >= this.hashes.length) this.hashes = grownInt32(this.hashes, doc + 1, 0);
    this.hashes[doc] = hashText(this.texts[doc]!);
    if ((this.count + 1) * 2 > this.cells.length) {
      const old = this.cells;
      this.cells = new Int32Array(old.length * 2);
      for (const cell of old) if (cell !== 0) this.place(cell - 1);
    }
    this.place(doc);
    this.count++;
  }

  /** Backward-shift deletion: no tombstones to slow later probes. */
  delete(doc: number): void {
    const mask = this.cells.length - 1;
    let hole = this.hashes[doc]! & mask;
    while (this.cells[hole] !== doc + 1) hole = (hole + 1) & mask;
    for (let j = (hole + 1) & mask; this.cells[j] !== 0; j = (j + 1) & mask) {
      const cell = this.cells[j]!;
      const home = this.hashes[cell - 1]! & mask;
      // it may fill the hole if the hole lies on its probe path (from its home to j)
      if (((j - home) & mask) >= ((j - hole) & mask)) {
        this.cells[hole] = cell;
        hole = j;
      }
    }
    this.cells[hole] = 0;
    this.count--;
  }

  private place(doc: number): void {
    const mask = this.cells.length - 1;
    let i = this.hashes[doc]! & mask;
    while (this.cells[i] !== 0) i = (i + 1) & mask;
    this.cells[i] = doc + 1;
  }
}

/** Sorts ids in place through a bitmap, dropping repeats. `bits` covers every id and is all zero, and is again on return. Returns the count. */
function bitmapSort(a: Int32Array, n: number, bits: Int32Array): number {
  let lo = bits.length;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const w = a[i]! >>> 5;
    bits[w] = bits[w]! | (1 << (a[i]! & 31));
    if (w < lo) lo = w;
    if (w > hi) hi = w;
  }
  let k = 0;
  for (let w = lo; w <= hi; w++) {
    let word = bits[w]!;
    if (word === 0) continue;
    bits[w] = 0;
    while (word !== 0) {
      // int32 throughout (bitmaps are Int32Array: a Uint32Array's words above 2^31 are doubles, 8× slower here)
      const low = word & ((~word + 1) | 0);
      a[k++] = (w << 5) | (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return k;
}

const radixCounts = new Int32Array(2048);

/** LSD radix sort of non-negative a[0..n), 11 bits a pass: no branch on the data, where comparisons mispredict. */
function radixSort(a: Int32Array, n: number, scratch: Int32Array): void {
  let max = 0;
  for (let i = 0; i < n; i++) max |= a[i]!;
  let from = a;
  let to = scratch;
  for (let shift = 0; shift < 32 && max >>> shift !== 0; shift += 11) {
    const counts = radixCounts.fill(0);
    for (let i = 0; i < n; i++) counts[(from[i]! >>> shift) & 2047]!++;
    for (let d = 0, sum = 0; d < 2048; d++) {
      const c = counts[d]!;
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const v = from[i]!;
      to[counts[(v >>> shift) & 2047]!++] = v;
    }
    [from, to] = [to, from];
  }
  if (from !== a) a.set(from.subarray(0, n));
}

function grownInt32(a: Int32Array, needed: number, fill: number): Int32Array {
  if (needed <= a.length) return a;
  const next = new Int32Array(Math.max(needed, Math.ceil(a.length * 1.5), 16));
  next.set(a);
  next.fill(fill, a.length);
  return next;
}

/**
 * The offsets (0 … last) whose trigrams cover every character of a term, fewest list entries in
 * total: consecutive offsets at most 3 apart. `lens[o]` is the length of the list at offset o.
 */
function cover(lens: number[]): number[] {
  const last = lens.length - 1;
  const best = [lens[0]!];
  const from = [-1];
  for (let o = 1; o <= last; o++) {
    let p = o - 1;
    for (let q = Math.max(0, o - 3); q < o - 1; q++) if (best[q]! < best[p]!) p = q;
    best.push(best[p]! + lens[o]!);
    from.push(p);
  }
  const out: number[] = [];
  for (let o = last; o >= 0; o = from[o]!) out.push(o);
  return out;
}

export function createTextIndex(): TextIndex {
  /** per slot: its text, lower-cased (slots with equal texts share one string), or undefined */
  const slotText: (string | undefined)[] = [];
  /** per slot: whether it stands for a document (NOT_DOC, ONE, MANY: see docSlots) */
  let docKind = new Uint8Array(0);
  /** a MANY document's slots, its own included */
  const docSlots = new Map<number, IdList>();
  const docOf = new DocTable(slotText);
  const longDocs = new Set<number>();
  /** trigram → position → the documents with that trigram there: one as a bare number (most, in varied text) */
  const postings = new Map<number, (IdList | number | undefined)[]>();
  let size = 0;
  // scratch, reused by every query (one thread): intersections, the documents found, slots, a bitmap
  let scratchA: Int32Array = new Int32Array(1024);
  let scratchB: Int32Array = new Int32Array(1024);
  let hits: Int32Array = new Int32Array(1024);
  let slotScratch: Int32Array = new Int32Array(0);
  let radixScratch = new Int32Array(0);
  let bits = new Int32Array(0);

  function post(doc: number, text: string): void {
    if (text.length > LONG_TEXT) {
      longDocs.add(doc);
      return;
    }
    for (let i = 0; i + 3 <= text.length; i++) {
      const key = trigramKey(text, i);
      let byPos = postings.get(key);
      if (!byPos) postings.set(key, (byPos = []));
      const entry = byPos[i];
      if (entry === undefined) byPos[i] = doc;
      else if (typeof entry !== 'number') entry.add(doc);
      else {
        const list = (byPos[i] = new IdList());
        list.add(Math.min(entry, doc));
        list.add(Math.max(entry, doc));
      }
    }
  }

  function unpost(doc: number, text: string): void {
    if (text.length > LONG_TEXT) {
      longDocs.delete(doc);
      return;
    }
    for (let i = 0; i + 3 <= text.length; i++) {
      const key = trigramKey(text, i);
      const byPos = postings.get(key)!;
      const entry = byPos[i]!;
      if (typeof entry !== 'number') {
        entry.delete(doc);
        if (entry.size === 1) {
          entry.flush();
          byPos[i] = entry.ids[0];
        }
      } else {
        byPos[i] = undefined;
        while (byPos.length > 0 && byPos[byPos.length - 1] === undefined) byPos.pop();
        if (byPos.length === 0) postings.delete(key);
      }
    }
  }

  function attach(slot: number, text: string): void {
    const doc = docOf.get(text);
    if (doc < 0) {
      slotText[slot] = text;
      docKind[slot] = ONE;
      docOf.add(slot);
      post(slot, text);
    } else {
      slotText[slot] = slotText[doc];
      if (docKind[doc] === MANY) docSlots.get(doc)!.add(slot);
      else {
        const list = new IdList(2);
        list.add(Math.min(doc, slot));
        list.add(Math.max(doc, slot));
        docSlots.set(doc, list);
        docKind[doc] = MANY;
      }
    }
    size++;
  }

  function detach(slot: number, text: string): void {
    const doc = docOf.get(text);
    if (docKind[doc] === ONE) {
      unpost(doc, text);
      docOf.delete(doc);
      docKind[doc] = NOT_DOC;
    } else {
      const list = docSlots.get(doc)!;
      list.delete(slot);
      let keeper = doc;
      if (slot === doc) {
        // the document's own slot leaves: another of its slots stands for it from now on
        list.flush();
        keeper = list.ids[0]!;
        docOf.delete(doc);
        unpost(doc, text);
        post(keeper, text);
        docOf.add(keeper);
        docSlots.delete(doc);
        docSlots.set(keeper, list);
        docKind[doc] = NOT_DOC;
        docKind[keeper] = MANY;
      }
      if (list.size === 1) {
        docSlots.delete(keeper);
        docKind[keeper] = ONE;
      }
    }
    slotText[slot] = undefined;
    size--;
  }

  /** A zeroed bitmap over every slot (and so every document). Whoever sets bits clears them. */
  function bitmap(): Int32Array {
    if (bits.length * 32 <= slotText.length) bits = new Int32Array((slotText.length >>> 5) + 1);
    return bits;
  }

  /**
   * The slots of the given documents (which come ascending, once each), ascending. A document of one
   * slot is that slot, so unless texts are shared this is a copy; shared texts' slots interleave: a
   * few are sorted and merged in, many are sorted with the rest.
   */
  function slotsOf(docs: Int32Array, n: number): Int32Array {
    let many: IdList[] | null = null;
    let total = 0;
    for (let i = 0; i < n; i++) {
      if (docKind[docs[i]!] === MANY) {
        const list = docSlots.get(docs[i]!)!;
        list.flush();
        (many ??= []).push(list);
        total += list.len;
      }
    }
    if (!many) return docs.slice(0, n);
    if (n === 1) return many[0]!.ids.slice(0, many[0]!.len);
    if (total * 8 < n) {
      // each shared text's own slot is among the documents already: skipped when merged
      const extra = grownInt32(slotScratch, total, 0);
      slotScratch = extra;
      let k = 0;
      for (const list of many) {
        extra.set(list.ids.subarray(0, list.len), k);
        k += list.len;
      }
      sortUnique(extra, k, bitmap());
      const out = new Int32Array(n + k - many.length);
      let from = 0;
      let w = 0;
      for (let j = 0; j < k; j++) {
        const slot = extra[j]!;
        const at = lowerBound(docs, from, n, slot);
        out.set(docs.subarray(from, at), w);
        w += at - from;
        from = at;
        if (at === n || docs[at] !== slot) out[w++] = slot;
      }
      out.set(docs.subarray(from, n), w);
      return out;
    }
    total += n - many.length;
    if (slotScratch.length < total) slotScratch = grownInt32(slotScratch, total, 0);
    let k = 0;
    for (let i = 0; i < n; i++) if (docKind[docs[i]!] === ONE) slotScratch[k++] = docs[i]!;
    for (const list of many) {
      slotScratch.set(list.ids.subarray(0, list.len), k);
      k += list.len;
    }
    return slotScratch.slice(0, sortUnique(slotScratch, k, bitmap()));
  }

  /** a ∩ list into out (ascending) by the cheapest way: its bits, a binary search per id of a, or a bitmap pass; returns the count. */
  function intersect(a: Int32Array, aLen: number, list: IdList, out: Int32Array): number {
    let n = 0;
    const dense = list.bits;
    if (dense) {
      for (let i = 0; i < aLen; i++) {
        const id = a[i]!;
        out[n] = id;
        n += ((dense[id >>> 5] ?? 0) >>> (id & 31)) & 1;
      }
      return n;
    }
    const b = list.ids;
    const bLen = list.len;
    if (aLen * SEARCH_NS * (1 + 2 * Math.log2(bLen / aLen + 1)) < (aLen + bLen) * STEP_NS) {
      // galloping: probe 1, 2, 4… ahead, then binary search the last stride (ids of a are ascending too)
      let lo = 0;
      for (let i = 0; i < aLen && lo < bLen; i++) {
        const id = a[i]!;
        let step = 1;
        let hi = lo;
        while (hi < bLen && b[hi]! < id) {
          lo = hi + 1;
          hi += step;
          step <<= 1;
        }
        lo = lowerBound(b, lo, Math.min(hi, bLen), id);
        if (lo < bLen && b[lo] === id) out[n++] = id;
      }
      return n;
    }
    // a's ids as bits, then b's tested against them without a branch (a merge mispredicts every other step)
    const marks = bitmap();
    for (let i = 0; i < aLen; i++) marks[a[i]! >>> 5] = marks[a[i]! >>> 5]! | (1 << (a[i]! & 31));
    for (let j = 0; j < bLen; j++) {
      const id = b[j]!;
      out[n] = id;
      n += (marks[id >>> 5]! >>> (id & 31)) & 1;
    }
    for (let i = 0; i < aLen; i++) marks[a[i]! >>> 5] = 0;
    return n;
  }

  /** The documents in every one of `lists` (flushed): from the shortest, into scratch. */
  function intersectAll(lists: IdList[]): { docs: Int32Array; n: number } {
    lists.sort((x, y) => x.len - y.len);
    let docs = lists[0]!.ids;
    let n = lists[0]!.len;
    if (scratchA.length <= n) {
      // +1: the bitmap intersection writes one past its last match
      scratchA = new Int32Array(n + 1);
      scratchB = new Int32Array(n + 1);
    }
    for (let i = 1; i < lists.length && n > 0; i++) {
      const out = docs === scratchA ? scratchB : scratchA;
      n = intersect(docs, n, lists[i]!, out);
      docs = out;
    }
    return { docs, n };
  }

  function find(term: string): Int32Array {
    const lower = term.toLowerCase();
    if (lower.length < 3) return scanDocs(lower);
    const last = lower.length - 3;
    let found = 0;
    let ordered = true;
    const keep = (docs: Int32Array, n: number) => {
      if (n === 0) return;
      if (found > 0 && docs[0]! <= hits[found - 1]!) ordered = false;
      if (hits.length < found + n) hits = grownInt32(hits, found + n, 0);
      hits.set(docs.subarray(0, n), found);
      found += n;
    };
    const byOffset: (IdList | number | undefined)[][] = [];
    for (let o = 0; o <= last; o++) {
      const byPos = postings.get(trigramKey(lower, o));
      if (!byPos) break;
      byOffset.push(byPos);
    }
    if (byOffset.length > last) {
      // every start the first trigram has, where the term's other trigrams are all in place
      const lists: IdList[] = [];
      const lens: number[] = [];
      for (let s = 0; s < byOffset[0]!.length; s++) {
        lists.length = lens.length = 0;
        for (let o = 0; o <= last; o++) {
          const entry = byOffset[o]![s + o];
          if (entry === undefined) break;
          const list = typeof entry === 'number' ? IdList.of(entry) : entry;
          list.flush();
          lists.push(list);
          lens.push(list.len);
        }
        if (lists.length <= last) continue;
        if (last === 0) {
          keep(lists[0]!.ids, lists[0]!.len);
          continue;
        }
        const chosen = cover(lens).map((o) => lists[o]!);
        // the shortest list of all, if not chosen, filters as it goes (every match is in it too)
        const shortest = lists.reduce((x, y) => (y.len < x.len ? y : x));
        if (!chosen.includes(shortest)) chosen.push(shortest);
        const { docs, n } = intersectAll(chosen);
        keep(docs, n);
      }
    }
    for (const doc of longDocs) {
      if (slotText[doc]!.includes(lower)) keep(Int32Array.of(doc), 1);
    }
    // a term found at several starts (in different texts, or twice in one) comes out of order, or twice
    if (!ordered) found = sortUnique(hits, found, bitmap());
    return slotsOf(hits, found);
  }

  /**
   * Sorts a[0..n) (ids below marks.length × 32) and drops repeats; returns the count. Measured at
   * 1 000 000: a comparison sort of 70 000 takes 3 ms, a bitmap's pass ~0.4 ms whatever the count
   * (it mispredicts a branch a word), radix 6–7 ns an id: radix below a sixteenth of the range.
   */
  function sortUnique(a: Int32Array, n: number, marks: Int32Array): number {
    if (n > SORT_MAX && n * 16 >= marks.length * 32) return bitmapSort(a, n, marks);
    if (n <= SORT_MAX) a.subarray(0, n).sort();
    else {
      if (radixScratch.length < n) radixScratch = new Int32Array(n);
      radixSort(a, n, radixScratch);
    }
    let k = 0;
    for (let i = 0; i < n; i++) if (k === 0 || a[i] !== a[k - 1]) a[k++] = a[i]!;
    return k;
  }

  /** Terms with no trigram: every document checked. */
  function scanDocs(term: string): Int32Array {
    if (hits.length < slotText.length) hits = new Int32Array(slotText.length);
    let n = 0;
    for (let doc = 0; doc < slotText.length; doc++) {
      if (docKind[doc] !== NOT_DOC && slotText[doc]!.includes(term)) hits[n++] = doc;
    }
    return slotsOf(hits, n);
  }

  return {
    set(slot, text) {
      if (!Number.isInteger(slot) || slot < 0 || slot > 0x7ffffffe) throw new RangeError(`slot ${slot}`);
      const lower = text ? text.toLowerCase() : '';
      const old = slotText[slot];
      if (old === lower) return;
      if (old !== undefined) detach(slot, old);
      if (lower === '') return;
      // grown by push: an array written far past its end would turn into a slow dictionary
      while (slotText.length <= slot) slotText.push(undefined);
      if (docKind.length <= slot) {
        const next = new Uint8Array(Math.max(slot + 1, Math.ceil(docKind.length * 1.5), 16));
        next.set(docKind);
        docKind = next;
      }
      attach(slot, lower);
    },
    get(slot) {
      return slotText[slot] ?? null;
    },
    find,
    get size() {
      return size;
    },
  };
}
