import { sql, type SQL } from 'drizzle-orm';
import type { Position } from '@velvet/core/geo/grid';
import { likePattern, namesPattern, trigramPattern } from '../../db/like';

/**
 * A text's test (db/like.ts patterns): names_lc LIKE the pattern lowered by the database as the column
 * is, or the town ILIKE it. `late`: the pattern is a value known only when the statement runs (a
 * sub-select, worked out once a run), for a statement whose plan is the same whatever the text (the
 * walk of the cells, the sorted read of a text's matches): PostgreSQL then keeps one plan for it
 * instead of planning each text anew (0.8 ms a request). LIKE escapes with a backslash unless told
 * otherwise; the late form leaves the ESCAPE clause out, which would work the pattern out again
 * for every row.
 */
const likeNames = (pattern: string, late: boolean) =>
  late ? sql`p.names_lc like (select lower(${pattern}))` : sql`p.names_lc like lower(${pattern}) escape '\\'`;
const likeTown = (pattern: string, late: boolean) =>
  late ? sql`p.location_city ilike (select ${pattern}::text)` : sql`p.location_city ilike ${pattern} escape '\\'`;

/**
 * The tests of a search's texts: usernames and names as LIKE over the folded names (the rows ILIKE on
 * either column would match), the town as ILIKE, never of a member hiding their location.
 */
export function textTests(f: { q?: string; name?: string; location?: string }, late: boolean): SQL[] {
  const tests: SQL[] = [];
  if (f.q) tests.push(likeNames(namesPattern.username(f.q), late));
  if (f.name) tests.push(likeNames(namesPattern.names(f.name), late));
  if (f.location) tests.push(sql`not p.hide_location and ${likeTown(likePattern(f.location), late)}`);
  return tests;
}

/** The texts a list was asked for, and whether nearest first measures from a searched town. */
interface TextSearchOptions {
  q?: string;
  name?: string;
  location?: string;
  nearestTo?: Position | null;
}

/**
 * A text the trigram indexes can serve (a word of three letters at least): how they are read (over
 * names_lc for usernames and names, db/like.ts; over the town for 'city') and the search's condition.
 */
export interface TextSearch {
  /**
   * The trigram index's read: the text's pieces (db/like.ts trigramPattern), more rows than the
   * text's, each checked after
   */
  read: SQL;
  /** the search's condition on the text (textTests'), whose estimate decides the read */
  condition: SQL;
}
export function textSearchOf(o: TextSearchOptions): TextSearch | null {
  const [fields, text] = o.q
    ? (['username', o.q] as const)
    : o.name
      ? (['names', o.name] as const)
      : o.location && !o.nearestTo
        ? (['city', o.location] as const)
        : [];
  // a text without a word of three letters gives the index nothing to narrow by: a filter, then
  if (!fields || !/[\p{L}\p{N}]{3}/u.test(text)) return null;
  const condition = sql.join(
    textTests(fields === 'username' ? { q: text } : fields === 'names' ? { name: text } : { location: text }, false),
  );
  // a username's words before the names' separator, so the index gives usernames alone, not display names
  const pieces = fields === 'username' ? `${trigramPattern(text)}\u001f%` : trigramPattern(text);
  // the same plan whatever the text (expectedCommon chose the read)
  const read = fields === 'city' ? likeTown(pieces, true) : likeNames(pieces, true);
  return { read, condition };
}
