import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from './client';
import { createPostgresDatabase, dropPostgresDatabase } from '../../test/postgres-databases';

/**
 * Two instances started together on a fresh PostgreSQL database both migrate it: one after the
 * other, under the migration lock, so neither fails on a table the other just made. Needs a
 * PostgreSQL server (TEST_DATABASE_URL); PGlite is one process by nature.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const name = `velvet_migrate_${randomBytes(4).toString('hex')}`;

describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  const opened: Database[] = [];
  beforeAll(() => createPostgresDatabase(serverUrl!, name));
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await dropPostgresDatabase(serverUrl!, name);
  });

  it('runs once when two instances migrate a fresh database at the same moment', async () => {
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const [a, b] = await Promise.all([openDatabase({ databaseUrl: url.href }), openDatabase({ databaseUrl: url.href })]);
    opened.push(a, b);
    await Promise.all([a.migrate(), b.migrate(), a.migrate()]);
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    try {
      const applied = await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
      const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default as { entries: unknown[] };
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
      const profiles = await client.query(`select to_regclass('public.profiles') as t`);
      expect(profiles.rows[0].t).toBe('profiles');
    } finally {
      await client.end();
    }
  });
});
