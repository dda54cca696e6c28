import { describe, expect, it } from 'vitest';
import { likePattern, namesPattern, trigramPattern } from './like';

describe('search patterns', () => {
  it('match the text as typed: LIKE wildcards and the escape character are escaped', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('a username is what comes before the names separator; a name is anywhere', () => {
    expect(namesPattern.username('owl')).toBe('%owl%\u001f%');
    expect(namesPattern.names('owl')).toBe('%owl%');
  });

  it('ask the trigram index for the words, not the padded trigrams of their ends, unless a word is too short for one of its own', () => {
    expect(trigramPattern('scarlet_owl12')).toBe('%scarlet%owl12%');
    expect(trigramPattern('zoë')).toBe('%zoë%');
    // 'ki' has no trigram but ' ki': the underscore stays, escaped (LIKE's '_' is a wildcard)
    expect(trigramPattern('velvet_ki')).toBe('%velvet\\_ki%');
    expect(trigramPattern('  Mary-Jane & Co. ')).toBe('%Mary%Jane & Co%');
    expect(trigramPattern('50%_off')).toBe('%50\\%\\_off%');
    expect(trigramPattern('a')).toBe('%a%');
  });
});
