import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';

// The embedded database's buffer cache lives in the server's own memory (see PGLITE_START_PARAMS):
// these pin the start-up setting that keeps it small, on a data directory like the server's.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-pglite-memory-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const show = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) => {
  const result = (await db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] };
  return result.rows[0]?.[name];
};

describe('PGlite start-up settings', () => {
  it('starts with a 16MB buffer cache, keeps PGlite’s own defaults and leaves postgresql.conf alone', async () => {
    const dataDir = path.join(dir, 'db');
    for (const open of ['new', 'existing']) {
      const database = await openDatabase({ pgliteDataDir: dataDir });
      try {
        expect(await show(database.db, 'shared_buffers'), `${open} data directory`).toBe('16MB');
        expect(await show(database.db, 'search_path'), `${open} data directory`).toBe('public');
      } finally {
        await database.close();
      }
    }
    // initdb's file still says PostgreSQL's default; the start parameter wins without rewriting it
    expect(await readFile(path.join(dataDir, 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
  }, 60_000); // a new data directory runs initdb (about 4 s, far more on a busy machine)
});
