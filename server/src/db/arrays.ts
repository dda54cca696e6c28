import { sql, type SQL } from 'drizzle-orm';

/**
 * A text[] parameter, as one array literal cast once: PostgreSQL types the parameter text[] itself,
 * where string_to_array(param, ',') would be computed again for every row a prepared statement's
 * generic plan filters.
 */
export function textArray(values: Iterable<string>): SQL {
  const literal = `{${[...values].map((v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;
  return sql`${literal}::text[]`;
}
