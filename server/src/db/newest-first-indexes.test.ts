import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNodes } from '../../test/plans';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from './client';

// A newest-first keyset page reads its index from the newest end and stops at the page, only when
// the index is in ORDER BY's own null order (desc is nulls first; migration 0032). With sequential
// scans and sorts priced out, the planner still sorts when the index cannot give the order: so a
// plan with a Sort in it is an index that cannot serve its list.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(() => drop());

const planOf = (query: SQL) => planNodes(database.db, query, { enable_seqscan: 'off', enable_sort: 'off' });

describe('newest-first lists read their index in order', () => {
  it.each([
    [
      'Photos by Category',
      'media_gallery_new_idx',
      sql`select id from media m where m.kind = 'gallery' and m.visibility in ('public', 'members') and not m.under_review
          and (m.created_at, m.id) < (now(), gen_random_uuid()) order by m.created_at desc, m.id desc limit 25`,
    ],
    [
      'New Photos/Videos',
      'media_content_new_idx',
      sql`select id from media where kind = 'content' order by created_at desc, id desc limit 25`,
    ],
    [
      "a creator's own content",
      'media_content_owner_idx',
      sql`select id from media where kind = 'content' and owner_id = 'someone' order by created_at desc, id desc limit 25`,
    ],
    ["Pics you Fab'd", 'fabs_user_idx', sql`select media_id from fabs where user_id = 'someone' order by created_at desc limit 25`],
  ])('%s: %s, with no sort', async (_list, index, query) => {
    const nodes = await planOf(query);
    expect(nodes.map((n) => n['Index Name'])).toContain(index);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Incremental Sort');
  });
});
