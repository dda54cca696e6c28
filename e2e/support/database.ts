import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createPostgresDatabase, dropPostgresDatabase } from '../../server/test/postgres-databases';

/**
 * Opens a stopped server's embedded database (`<dataDir>/db`), for setting up what no screen sets
 * yet and for reading what the server stored. The server's extensions are loaded too: writing to
 * profiles keeps its trigram index, and to the names' word starts their GiST index (btree_gist).
 */
export async function withEmbeddedDatabase<T>(dataDir: string, use: (db: PGlite) => Promise<T>): Promise<T> {
  const [{ PGlite }, { pg_trgm }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gist } });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** The PostgreSQL server the journeys that need one use (CI starts it; `.ci/run`). */
export const postgresServerUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new, empty database on that server, named `<prefix>_<time>`: its URL, and the function that drops
 * it (whoever is still connected) for the journey's clean-up.
 */
export async function freshPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const url = await createPostgresDatabase(postgresServerUrl, name);
  return { url, drop: () => dropPostgresDatabase(postgresServerUrl, name) };
}
