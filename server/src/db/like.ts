/** Escapes LIKE's wildcards (and its escape character) so a search matches the text as typed. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
