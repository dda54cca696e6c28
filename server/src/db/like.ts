/** Escapes LIKE's wildcards (and its escape character) so a search matches the text as typed. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

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
 * pattern after): its words alone, anything between them. pg_trgm pads a word that a space or a
 * punctuation mark ends or starts ('  o', 'et ' of 'scarlet_owl'), and those trigrams are in most
 * names: asking for them read a fifth of the index's entries for a rare username. Words of one or
 * two letters give no trigram, so they narrow nothing: they are checked after, with the rest.
 */
export const trigramPattern = (q: string) => `%${q.replace(/[^\p{L}\p{N}]+/gu, '%')}%`.replace(/%%+/g, '%');
