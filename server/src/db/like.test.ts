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

  it('ask the trigram index for the words alone, so it never looks up the padded trigrams of word ends', () => {
    expect(trigramPattern('scarlet_owl12')).toBe('%scarlet%owl12%');
    expect(trigramPattern('  Mary-Jane & Co. ')).toBe('%Mary%Jane%Co%');
    expect(trigramPattern('zoë')).toBe('%zoë%');
    expect(trigramPattern('50%_off')).toBe('%50%off%');
  });
});
