import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNodes } from '../../test/plans';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from './client';

// Every picture on a page is one GET /media/file/:key, and the key may be the stored file's, its
// thumbnail's or a blurred preview's (media.repository findByKeyFor). Each is found by an index
// (migration 0034); without one for a key the statement reads the whole media table, which grows
// with every photo members upload. Sequential scans priced out: a plan that still holds one is a
// key with no index.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(() => drop());

describe('a stored file is found by its key through an index', () => {
  it('reads the stored, thumbnail and preview keys by their indexes, never the whole table', async () => {
    const nodes = await planNodes(
      database.db,
      sql`select id from media where storage_key = 'u/photo.webp' or thumb_key = 'u/photo.webp' or preview_key = 'u/photo.webp'`,
      { enable_seqscan: 'off' },
    );
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(nodes.map((n) => n['Index Name'])).toEqual(
      expect.arrayContaining(['media_storage_key_unique', 'media_thumb_key_idx', 'media_preview_key_idx']),
    );
  });
});
