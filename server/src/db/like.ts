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
 * What a trigram index is asked for a text (the rows it returns are checked against the text's own
 * pattern after): its words, anything between them. pg_trgm pads a word that a space or a
 * punctuation mark ends or starts ('  o', 'et ' of 'scarlet_owl'), and those trigrams are in most
 * names: asking for them read a fifth of the index's entries for a rare username. So a separator
 * becomes "anything", except next to a word of one or two letters, which has no trigram but its
 * padded ones: there the separator is kept as typed, and the index is asked for them (' ki' of
 * 'velvet_ki': 618 rows to check instead of the 8 790 that hold 'velvet', at 100 000 members).
 */
export function trigramPattern(q: string): string {
  // words at the even places, the separators between them at the odd ones
  const parts = q.split(/([^\p{L}\p{N}]+)/u);
  const short = (word: string | undefined) => word !== undefined && word.length > 0 && [...word].length < 3;
  const pattern = parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const [before, after] = [parts[i - 1], parts[i + 1]];
    const between = Boolean(before && after);
    return between && (short(before) || short(after)) ? escapeLike(part) : '%';
  });
  return `%${pattern.join('')}%`.replace(/%%+/g, '%');
}
