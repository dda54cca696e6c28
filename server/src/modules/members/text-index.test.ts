import { describe, expect, it } from 'vitest';
import { createTextIndex, type TextIndex } from './text-index';

/**
 * The text index must answer as `ilike '%term%'` would: every slot whose text contains the term,
 * case-insensitively, ascending. Each test holds a plain map beside it and checks the index against a
 * scan of the map, over usernames shaped as the seed makes them and terms of every kind, through
 * replacements, removals, re-adds and slots set out of order.
 */

const ADJECTIVES = ['amber', 'velvet', 'cheeky', 'scarlet', 'sunny', 'wild', 'quiet', 'silver', 'golden', 'midnight', 'sweet', 'bold'];
const NOUNS = ['fox', 'pair', 'rose', 'duo', 'wolf', 'kitten', 'tiger', 'dove', 'flame', 'fern', 'storm', 'jay', 'owl', 'lily'];
const TOWNS = ['London', 'Manchester', 'Newcastle upon Tyne', 'Brighton', 'Southampton', 'York', 'Stoke-on-Trent', 'Zürich'];

/** mulberry32: the same values every run */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(a: readonly T[]) => a[int(a.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

/** 'scarlet_owl12', now and then capitalised ('Scarlet_Owl12') or with no digits */
function username(r: Random): string {
  const digits = r.int(6) === 0 ? '' : String(r.int(10 ** (1 + r.int(5))));
  const name = `${r.pick(ADJECTIVES)}_${r.pick(NOUNS)}${digits}`;
  return r.int(8) === 0 ? name.replace(/(^|_)([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase()) : name;
}

/** Terms as members type them: parts of real names (prefixes, middles, suffixes), changed case, near misses, odd ones. */
function terms(r: Random, texts: readonly string[], count: number): string[] {
  const fixed = ['scarlet_owl12', 'fox777', 'velvet_ki', 'jay2024', 'amber_dove', 'wild_lily3', 'ruby', 'owl3', 'sam', 'aaaa', 'zoë'];
  const out = [...fixed, 'OWL', 'Velvet_', '_', '__', '%', 'et_', 'r_d', '000', '12', 'qqq', 'foxx', 'owl_', 'l', ''];
  while (out.length < count) {
    const text = r.pick(texts);
    const len = 1 + r.int(12);
    const start = r.int(4) === 0 ? 0 : r.int(4) === 0 ? Math.max(0, text.length - len) : r.int(Math.max(1, text.length - 1));
    let term = text.slice(start, start + len);
    const twist = r.int(10);
    if (twist === 0) term = term.toUpperCase();
    else if (twist === 1 && term.length > 1) term = term.slice(0, -1) + r.pick(['x', '9', '_', 'e']);
    else if (twist === 2) term = String(r.int(10 ** (1 + r.int(4))));
    if (term) out.push(term);
  }
  return out;
}

/** The plain map beside the index, and its scan. */
class Reference {
  readonly texts = new Map<number, string>();

  set(slot: number, text: string | null) {
    if (text) this.texts.set(slot, text.toLowerCase());
    else this.texts.delete(slot);
  }

  find(term: string): number[] {
    const lower = term.toLowerCase();
    const out: number[] = [];
    for (const [slot, text] of this.texts) if (text.includes(lower)) out.push(slot);
    return out.sort((a, b) => a - b);
  }
}

function both() {
  const index = createTextIndex();
  const ref = new Reference();
  const set = (slot: number, text: string | null) => {
    index.set(slot, text);
    ref.set(slot, text);
  };
  return { index, ref, set };
}

function expectSame(index: TextIndex, ref: Reference, queries: readonly string[]) {
  for (const term of queries) {
    const found = index.find(term);
    expect(found).toBeInstanceOf(Int32Array);
    expect(Array.from(found), JSON.stringify(term)).toEqual(ref.find(term));
  }
  expect(index.size).toBe(ref.texts.size);
}

describe('text index', () => {
  it('finds what a scan finds, for usernames and terms of every kind', () => {
    const r = random(1);
    const { index, ref, set } = both();
    const names = Array.from({ length: 4000 }, () => username(r));
    names.forEach((name, slot) => set(slot, name));
    expectSame(index, ref, terms(r, names, 400));
    expect(Array.from(index.find('SCARLET_OWL'))).toEqual(ref.find('scarlet_owl'));
  });

  it('stays right through replacements, removals, re-adds and slots set out of order', () => {
    const r = random(2);
    const { index, ref, set } = both();
    // a few thousand slots, set in a shuffled order, with gaps
    const slots = Array.from({ length: 3000 }, (_, i) => i * 2 + r.int(2));
    for (let i = slots.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [slots[i], slots[j]] = [slots[j]!, slots[i]!];
    }
    for (const slot of slots) set(slot, username(r));
    const queries = terms(r, [...ref.texts.values()], 80);
    expectSame(index, ref, queries);
    for (let round = 0; round < 10; round++) {
      for (let k = 0; k < 1500; k++) {
        const slot = r.pick(slots);
        const what = r.int(10);
        if (what < 4) set(slot, username(r));
        else if (what < 6) set(slot, null);
        else if (what < 7) set(slot, '');
        // the same text again, or another slot's: equal texts shared
        else if (what < 8) set(slot, ref.texts.get(slot) ?? username(r));
        else set(slot, ref.texts.get(r.pick(slots)) ?? null);
      }
      expectSame(index, ref, queries);
    }
    // emptied completely, then filled again (the freed documents are reused)
    for (const slot of slots) set(slot, null);
    expect(index.size).toBe(0);
    expect(index.find('owl').length).toBe(0);
    for (const slot of slots.slice(0, 1500)) set(slot, username(r));
    expectSame(index, ref, queries);
  });

  it('keeps every slot of a text many slots share, as they come and go', () => {
    const r = random(3);
    const { index, ref, set } = both();
    for (let slot = 0; slot < 5000; slot++) set(r.int(7000), r.int(3) === 0 ? r.pick(TOWNS).toUpperCase() : r.pick(TOWNS));
    const queries = ['london', 'LON', 'on', 'upon t', 'ton', 'york', 'zür', 'ZÜRICH', 'stoke-on-', 'o', 'ne', 'paris'];
    expectSame(index, ref, queries);
    // down to one slot in London, then none, then back
    const london = ref.find('london');
    for (const slot of london.slice(1)) set(slot, null);
    expectSame(index, ref, queries);
    set(london[0]!, 'York');
    expectSame(index, ref, queries);
    expect(index.find('london').length).toBe(0);
    for (const slot of london.reverse()) set(slot, 'London');
    expectSame(index, ref, queries);
  });

  it('answers repeated trigrams, other alphabets, long texts, and short or empty terms', () => {
    const { index, ref, set } = both();
    const texts = [
      'aaaa',
      'aaab',
      'baaa',
      'aaa',
      'aa',
      'abcab', // every trigram of 'abcabc' but not it
      'abcabc',
      'ababab',
      'Zoë',
      'ZOË_x',
      'İstanbul', // lower-cases to one code unit more
      'Москва',
      'ΑΘΉΝΑ',
      '😀smile😀',
      `${'x'.repeat(300)}needle`,
      `${'y'.repeat(120)}needle${'y'.repeat(120)}`,
      'a',
      'needle_in_a_haystack',
    ];
    texts.forEach((text, slot) => set(slot * 3, text));
    expectSame(index, ref, [
      'aaaa',
      'aaa',
      'aa',
      'a',
      'abca',
      'abcabc',
      'bcab',
      'abab',
      'babab',
      'zoë',
      'ZOË',
      'oë_',
      'i̇st',
      'İST',
      'моск',
      'МОСКВА',
      'αθή',
      '😀s',
      'e😀',
      '😀',
      'needle',
      'xneedle',
      'yneedley',
      'ë',
      '',
      '_',
    ]);
    expect(Array.from(index.find('aaaa'))).toEqual([0]);
    expect(Array.from(index.find('abcabc'))).toEqual([18]);
    expect(Array.from(index.find(''))).toEqual(texts.map((_, i) => i * 3));
  });

  it('gives back the stored text, lower-cased, and refuses slots that are not slots', () => {
    const index = createTextIndex();
    index.set(5, 'Scarlet_Owl12');
    expect(index.get(5)).toBe('scarlet_owl12');
    expect(index.get(4)).toBeNull();
    expect(index.get(1_000_000)).toBeNull();
    expect(index.get(-1)).toBeNull();
    index.set(5, '');
    expect(index.get(5)).toBeNull();
    expect(index.size).toBe(0);
    index.set(7, null);
    expect(index.size).toBe(0);
    expect(() => index.set(-1, 'x')).toThrow(RangeError);
    expect(() => index.set(1.5, 'x')).toThrow(RangeError);
  });

  it('finds what a scan finds at 200 000 usernames, before and after churn', () => {
    const r = random(4);
    const { index, ref, set } = both();
    const names: string[] = [];
    for (let slot = 0; slot < 200_000; slot++) {
      // the seed's shape: adjective_noun and the member's number
      const name = `${r.pick(ADJECTIVES)}_${r.pick(NOUNS)}${slot + 1}`;
      names.push(name);
      set(slot, name);
    }
    const queries = terms(r, names, 50);
    expectSame(index, ref, queries);
    // churn: renames and departures, then most of one adjective gone (its long lists thin out)
    for (let k = 0; k < 20_000; k++) set(r.int(200_000), r.int(3) === 0 ? null : username(r));
    for (const slot of ref.find('velvet_').slice(100)) set(slot, null);
    expectSame(index, ref, [...queries.slice(0, 20), 'velvet', 'velvet_', 'elvet_k', 'lvet_o']);
  });
});
