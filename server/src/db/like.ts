const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Escapes LIKE's wildcards (and its escape character) so a search matches the text as typed. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;

/**
 * What a trigram index is asked for a text (a town; the examples are handles, which were searched
 * this way before migration 0029): pieces of it, in order, anything between them (the rows
 * it returns are checked against the text's own pattern after). The index reads every entry of each
 * trigram asked for, so a piece is worth its trigrams only when it narrows the rows:
 * - pg_trgm pads a word that a space or a punctuation mark ends or starts ('et ' of 'velvet_ki'),
 *   and those trigrams are in most names, so a separator becomes "anything", except before or after
 *   a word of one or two letters, which has no trigram but its padded ones: that word keeps the
 *   separator on its side (' ki' of 'velvet_ki': 590 rows to check instead of the 8 290 that hold
 *   'velvet', at 100 000 members) and the longer word next to it is a piece of its own.
 * - the trigrams of one word go together (a name with 'amb' mostly goes on 'ber'), where two words
 *   narrow each other: a word of letters is asked for by its first trigram when the text has other
 *   words ('amb%dov' for 'amber_dove': the same 642 rows at 100 000 members, half the index's
 *   reads of 'amber%dove'); a text of one word of six letters or more by its first and last
 *   trigrams, which do not overlap ('vel%vet' of 'velvet'), a shorter one by its first.
 * - a word with digits is asked for whole: where letters meet digits ('ox7' of 'fox777') is what
 *   tells one handle from the many with the same word or number (at 1 000 000 members, 'fox%777'
 *   let in 301 rows where 'fox777' let in 87).
 */
export function trigramPattern(q: string): string {
  // words at the even places, the separators between them at the odd ones
  const parts = q.split(/([^\p{L}\p{N}]+)/u);
  const short = (word: string | undefined) => word !== undefined && word.length > 0 && [...word].length < 3;
  const alone = parts.filter((part, i) => i % 2 === 0 && part.length > 0).length === 1;
  const pattern = parts.map((part, i) => {
    if (i % 2 === 0) return wordPieces(part, alone);
    const [before, after] = [parts[i - 1], parts[i + 1]];
    if (!before || !after) return '%';
    const sep = escapeLike(part);
    if (short(before) && short(after)) return sep;
    if (short(after)) return `%${sep}`;
    if (short(before)) return `${sep}%`;
    return '%';
  });
  return `%${pattern.join('')}%`.replace(/%%+/g, '%');
}

/**
 * A word of letters as its first trigram, and when it is the text's only word and has six letters or
 * more, its last too ('velvet' → 'vel%vet'); any other word as it is.
 */
function wordPieces(word: string, alone: boolean): string {
  const letters = [...word];
  if (letters.length < 3 || !/^\p{L}+$/u.test(word)) return escapeLike(word);
  const first = escapeLike(letters.slice(0, 3).join(''));
  return alone && letters.length >= 6 ? `${first}%${escapeLike(letters.slice(-3).join(''))}` : first;
}
