import { sql, type SQL } from 'drizzle-orm';
import type { Position } from '@velvet/core/geo/grid';
import { likePattern, trigramPattern } from '../../db/like';

/**
 * A username or name search (`q`: usernames; `name`: usernames and display names) matches where a
 * word of the names begins, with what was typed from its first letter or digit on: 'kim' and
 * '@velvet_k' find 'velvet_kim', 'elvet' does not. Names and texts are compared lowered, every run
 * of punctuation and spaces one space (migration 0029 `name_spaced`: 'velvet.kim' and
 * 'Velvet Kim' read alike, as do the curly quotes and dashes of a phone's keyboard); a text of
 * nothing but punctuation and spaces matches nobody.
 *
 * A word start of each name is a row of member_name_starts, so the matches are one range of its
 * index (bytewise, from the text to the text followed by the last code point).
 */
export interface NameSearch {
  /** the names read: member_name_starts.field 0 (the username) alone, or 0 and 1 (the display name too) */
  fields: SQL;
  /** the text as the names hold it (`name_search_prefix`), worked out once a run (an init plan): the range's start */
  from: SQL;
  /** the range's end */
  to: SQL;
  /**
   * the same as a LIKE pattern over profiles.names_words (the text after a space, in the username:
   * before the names' separator); the spaced text holds no LIKE wildcard, nor its escape
   */
  pattern: SQL;
}

/**
 * The name search a list reads by: the username's (`q`) when asked, else the names' (`name`); with
 * both, the other is a test of the profiles (textTests).
 */
export function nameSearchOf(f: { q?: string; name?: string }): NameSearch | null {
  if (f.q !== undefined) return nameSearch(f.q, true);
  if (f.name !== undefined) return nameSearch(f.name, false);
  return null;
}

function nameSearch(text: string, usernameOnly: boolean): NameSearch {
  return {
    fields: usernameOnly ? sql`'{0}'::smallint[]` : sql`'{0,1}'::smallint[]`,
    from: sql`(select name_search_prefix(${text}))`,
    to: sql`(select name_search_prefix(${text}) || chr(1114111))`,
    pattern: usernameOnly
      ? sql`(select '% ' || name_search_prefix(${text}) || '%' || chr(31) || '%')`
      : sql`(select '% ' || name_search_prefix(${text}) || '%')`,
  };
}

/** The word starts of a search's names that begin with its text (member_name_starts aliased `alias`). */
export function startsWith(search: NameSearch, alias: SQL): SQL {
  return sql`${alias}.field = any(${search.fields}) and ${alias}.rest >= ${search.from} and ${alias}.rest < ${search.to}`;
}

/** The members of a cell whose names have a word start beginning with the search's text, each once (a FROM item). */
export function startsInCell(search: NameSearch, cell: { lat: SQL; lng: SQL }): SQL {
  return sql`(select distinct s.user_id from member_name_starts s
    where s.location_lat = ${cell.lat} and s.location_lng = ${cell.lng} and ${startsWith(search, sql`s`)})`;
}

/**
 * A town's test: ILIKE over the town (the pattern escaped by db/like.ts), never of a member hiding
 * their location. `late`: the pattern is a value known only when the statement runs (a sub-select,
 * worked out once a run), for a statement whose plan is the same whatever the text (the walk of the
 * cells, the sorted read of a text's matches): PostgreSQL then keeps one plan for it instead of
 * planning each text anew (0.8 ms a request). LIKE escapes with a backslash unless told otherwise;
 * the late form leaves the ESCAPE clause out, which would work the pattern out again for every row.
 */
const likeTown = (pattern: string, late: boolean) =>
  late ? sql`p.location_city ilike (select ${pattern}::text)` : sql`p.location_city ilike ${pattern} escape '\\'`;

/** The tests of a search's texts, over a profile `p`: usernames, names, the town. */
export function textTests(f: { q?: string; name?: string; location?: string }, late: boolean): SQL[] {
  const tests: SQL[] = [];
  // a list read in another order (the walk of the cells, by activity) tests the profile's names
  if (f.q !== undefined) tests.push(sql`p.names_words like ${nameSearch(f.q, true).pattern}`);
  if (f.name !== undefined) tests.push(sql`p.names_words like ${nameSearch(f.name, false).pattern}`);
  if (f.location) tests.push(sql`not p.hide_location and ${likeTown(likePattern(f.location), late)}`);
  return tests;
}

/**
 * A town search the trigram index can serve (a word of three letters at least, nearest first from
 * the caller, not from the town): how the index is read and the search's condition.
 */
export interface TownSearch {
  /**
   * The trigram index's read: the text's pieces (db/like.ts trigramPattern), more rows than the
   * text's, each checked after
   */
  read: SQL;
  /** the search's condition on the text (textTests'), whose estimate decides the read */
  condition: SQL;
}
export function townSearchOf(o: { location?: string; nearestTo?: Position | null }): TownSearch | null {
  const text = o.location;
  // a text without a word of three letters gives the index nothing to narrow by: a filter, then
  if (!text || o.nearestTo || !/[\p{L}\p{N}]{3}/u.test(text)) return null;
  const [condition] = textTests({ location: text }, false);
  return { read: likeTown(trigramPattern(text), true), condition: condition! };
}
