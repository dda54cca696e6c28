import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planNodes } from '../../test/plans';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from './client';

// Look-ups of one row in tables that grow with the community, each found by an index (migrations
// 0034, 0035). With sequential scans priced out, a plan that still holds one is a look-up no index
// can serve: it reads every row, at a million members a tenth of a second or more each time.
// (Found by running the server's tests on PostgreSQL with enable_seqscan off and auto_explain.)
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await openTestDatabase()));
afterAll(() => drop());

describe('a single row is found through an index', () => {
  it.each<[string, string[], SQL]>([
    [
      // every picture on a page is a GET /media/file/:key, and the key may be the stored file's, its
      // thumbnail's or a blurred preview's (media.repository findByKeyFor)
      'a stored file by any of its keys',
      ['media_storage_key_unique', 'media_thumb_key_idx', 'media_preview_key_idx'],
      sql`select id from media where storage_key = 'u/photo.webp' or thumb_key = 'u/photo.webp' or preview_key = 'u/photo.webp'`,
    ],
    [
      // a sign-in with Google (better-auth's findAccountByKey and findAccountOwnerByKey)
      "an account by its provider's id for the member",
      ['account_provider_account_idx'],
      sql`select id from account where provider_id = 'google' and account_id = '1234567890'`,
    ],
    [
      // a moderator's action by address, ADMIN_EMAILS at start-up
      'a member by their address in any case',
      ['user_email_lower_idx'],
      sql`select id from "user" where lower(email) = 'someone@example.com'`,
    ],
  ])('%s', async (_lookup, indexes, query) => {
    const nodes = await planNodes(database.db, query, { enable_seqscan: 'off' });
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
    expect(nodes.map((n) => n['Index Name'])).toEqual(expect.arrayContaining(indexes));
  });
});
