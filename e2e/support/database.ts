import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Opens a stopped server's embedded database (`<dataDir>/db`), for setting up what no screen sets
 * yet and for reading what the server stored. The server's extensions are loaded too: writing to
 * profiles keeps its trigram index.
 */
export async function withEmbeddedDatabase<T>(dataDir: string, use: (db: PGlite) => Promise<T>): Promise<T> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const db = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}
