const escapeLike = (q: string) => q.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Escapes LIKE's wildcards (and its escape character) so a search matches the text as typed. */
export const likePattern = (q: string) => `%${escapeLike(q)}%`;

/**
 * LIKE patterns over profiles.names_lc (migration 0019: lower(username) U+001F lower(display_name)),
 * to be lowered by the database as the column is (`lower(pattern)`). A search text never holds the
 * separator (core's searchText turns control characters into spaces), so text before it is in the
 * username and anywhere is in either name.
 */
export const namesPattern = {
  username: (q: string) => `${likePattern(q)}\u001f%`,
  names: (q: string) => likePattern(q),
};

/**
 * What a trigram index is asked for a text: pieces of it, in order, anything between them (the rows
 * it returns are checked against the text's own pattern after). The index reads every entry of each
 * trigram asked for, so a piece is worth its trigrams only when it narrows the rows:
 * - pg_trgm pads a word that a space or a punctuation mark ends or starts ('et ' of 'velvet_ki'),
 *   and those trigrams are in most names, so a separator becomes "anything", except before or after
 *   a word of one or two letters, which has no trigram but its padded ones: that word keeps the
 *   separator on its side (' ki' of 'velvet_ki': 590 rows to check instead of the 8 290 that hold
 *   'velvet', at 100 000 members) and the longer word next to it is a piece of its own.
 * - a word of six letters or more (letters alone) is asked for as trigrams that do not overlap,
 *   from its first letters to its last ('vel', 'vet' of 'velvet'): the overlapping ones ('elv',
 *   'lve') rarely leave out a row the others let in, and each costs as many reads. A word with
 *   digits is asked for whole: where letters meet digits ('ox7' of 'fox777') is what tells one
 *   handle from the many with the same word or number (at 1 000 000 members, 'fox%777' let in 301
 *   rows where 'fox777' let in 87).
 * At 100 000 members, 'velvet_ki' reads a third of the index entries it read as one piece, for the
 * same 590 rows.
 */
export function trigramPattern(q: string): string {
  // words at the even places, the separators between them at the odd ones
  const parts = q.split(/([^\p{L}\p{N}]+)/u);
  const short = (word: string | undefined) => word !== undefined && word.length > 0 && [...word].length < 3;
  const pattern = parts.map((part, i) => {
    if (i % 2 === 0) return wordPieces(part);
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

/** A word of letters as its non-overlapping trigrams, first to last, anything between ('velvet' → 'vel%vet'). */
function wordPieces(word: string): string {
  const letters = [...word];
  if (letters.length < 6 || !/^\p{L}+$/u.test(word)) return escapeLike(word);
  const last = letters.length - 3;
  const starts: number[] = [];
  for (let s = 0; s + 3 <= last; s += 3) starts.push(s);
  starts.push(last);
  return starts.map((s) => escapeLike(letters.slice(s, s + 3).join(''))).join('%');
}
