import { describe, expect, it } from 'vitest';
import { likePattern, trigramPattern } from './like';

describe('search patterns', () => {
  it('match the text as typed: LIKE wildcards and the escape character are escaped', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('ask the trigram index for the words, not the padded trigrams of their ends, unless a word is too short for one of its own', () => {
    expect(trigramPattern('zoë')).toBe('%zoë%');
    expect(trigramPattern('owl12')).toBe('%owl12%');
    // 'ki' has no trigram but ' ki': the underscore stays on its side, escaped (LIKE's '_' is a wildcard)
    expect(trigramPattern('velvet_ki')).toBe('%vel%\\_ki%');
    expect(trigramPattern('dj_amber')).toBe('%dj\\_%amb%');
    expect(trigramPattern('  Mary-Jane & Co. ')).toBe('%Mar%Jan% & Co%');
    expect(trigramPattern('50%_off')).toBe('%50\\%\\_%off%');
    expect(trigramPattern('a_b')).toBe('%a\\_b%');
    expect(trigramPattern('a')).toBe('%a%');
  });

  it('ask for each of several words by its first trigram, and for a word alone by its first and last', () => {
    expect(trigramPattern('amber_dove')).toBe('%amb%dov%');
    expect(trigramPattern('midnight rider')).toBe('%mid%rid%');
    expect(trigramPattern('velvet')).toBe('%vel%vet%');
    expect(trigramPattern('midnight')).toBe('%mid%ght%');
    expect(trigramPattern('moonlight')).toBe('%moo%ght%');
    expect(trigramPattern('zoëlleën')).toBe('%zoë%eën%');
    expect(trigramPattern('amber')).toBe('%amb%');
    // where letters meet digits is what tells handles apart: a word with digits is asked for whole
    expect(trigramPattern('scarlet_owl12')).toBe('%sca%owl12%');
    expect(trigramPattern('fox777')).toBe('%fox777%');
    expect(trigramPattern('jay2024')).toBe('%jay2024%');
  });

  it('every text matches the pattern the index is asked for (it may match more, never less)', () => {
    /** LIKE with '\' as its escape, written plainly: the pattern as tokens, matched by backtracking */
    const like = (text: string, pattern: string): boolean => {
      const tokens: { any: boolean; ch?: string }[] = [];
      for (let i = 0; i < pattern.length; i++) {
        const ch = pattern[i]!;
        if (ch === '\\') tokens.push({ any: false, ch: pattern[++i] });
        else if (ch === '%') tokens.push({ any: true });
        else if (ch === '_') tokens.push({ any: false });
        else tokens.push({ any: false, ch });
      }
      const at = (t: number, s: number): boolean => {
        if (t === tokens.length) return s === text.length;
        const token = tokens[t]!;
        if (token.any) return Array.from({ length: text.length - s + 1 }, (_, k) => s + k).some((k) => at(t + 1, k));
        return s < text.length && (token.ch === undefined || token.ch === text[s]) && at(t + 1, s + 1);
      };
      return at(0, 0);
    };
    expect(like('velvet_kiss', '%vel%vet%\\_ki%')).toBe(true);
    expect(like('velvet-kiss', '%vel%vet%\\_ki%')).toBe(false);
    for (const text of [
      'velvet_ki',
      'scarlet_owl12',
      'a-b c',
      '50%_off',
      'moonlight_kiss',
      'x_midnight_y',
      'Mary-Jane & Co.',
      'zoëlleën',
    ]) {
      expect(like(text, trigramPattern(text))).toBe(true);
    }
  });
});
