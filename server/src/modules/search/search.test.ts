import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { CategoryPhotosResponse, SavedSearchDto } from '@velvet/core/schemas/search.schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, ORIGIN, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { media, profiles, savedSearches, userBlocks } from '../../db/schema/index';
import { cursorCodec } from '../../lib/keyset-cursor';

let t: TestApp;
let me: Client;
let meId: string;
let other: Client;
const ids: Record<string, string> = {};
const clients: Record<string, Client> = {};

async function member(name: string, gender = 'single-female') {
  const made = await finishedMember(t, name, {
    city: 'Manchester',
    gender,
    age: 30,
    partnerAge: gender.includes('couple') ? 31 : undefined,
  });
  ids[name] = made.id;
  clients[name] = made.c;
  return made;
}

const mySaved = async (c: Client = me) => {
  const res = await c.get('/api/v1/saved-searches');
  expect(res.status, res.text).toBe(200);
  return res.json.items as SavedSearchDto[];
};
const savedCount = async (userId: string) =>
  (await t.database.db.select().from(savedSearches).where(eq(savedSearches.userId, userId))).length;

beforeAll(async () => {
  t = await createTestApp();
  ({ c: me, id: meId } = await member('searcher'));
  ({ c: other } = await member('attacker'));
});
afterAll(() => t.close());

describe('Saved searches: /api/v1/saved-searches', () => {
  it('needs a signed-in member', async () => {
    const anon = client(t);
    expect((await anon.get('/api/v1/saved-searches')).status).toBe(401);
    expect((await anon.post('/api/v1/saved-searches', { name: 'x', filters: {} })).status).toBe(401);
    expect((await anon.delete('/api/v1/saved-searches/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('saves a named search with its filters in their query-string form, and lists mine newest first', async () => {
    expect(await mySaved()).toEqual([]);
    const first = await me.post('/api/v1/saved-searches', {
      name: '  Couples online  ',
      filters: { type: 'couples', online: true, minAge: 25, maxAge: '40', sort: 'online', withPhoto: false, unknown: 'ignored' },
    });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      name: 'Couples online',
      filters: { sort: 'online', type: 'couples', online: '1', minAge: '25', maxAge: '40' },
    });
    expect(Object.keys(first.json.filters)).not.toContain('unknown');
    const second = await me.post('/api/v1/saved-searches', { name: 'Video creators', filters: { creator: 'video' } });
    expect(second.status).toBe(201);
    expect((await mySaved()).map((s) => s.name)).toEqual(['Video creators', 'Couples online']);
    // running a saved search is its filters as the members query
    const run = await me.get(`/api/v1/members?${new URLSearchParams(first.json.filters).toString()}`);
    expect(run.status, run.text).toBe(200);
  });

  it('refuses bad input with a clear 4xx in plain words, saving nothing', async () => {
    const before = await savedCount(meId);
    const bad: [unknown, string][] = [
      [{ name: '', filters: {} }, 'Give the search a name'],
      [{ name: '    ', filters: {} }, 'Give the search a name'],
      [{ name: 'x'.repeat(61), filters: {} }, 'The name must be at most 60 characters'],
      [{ filters: {} }, 'Give the search a name'],
      [{ name: 'No filters' }, ''],
      [{ name: 'Bad type', filters: { type: 'aliens' } }, 'Choose Couples, Women, Men or TV-TS-CD'],
      [{ name: 'Bad ages', filters: { minAge: 50, maxAge: 30 } }, 'The maximum age must not be below the minimum age'],
      [{ name: 'Too young', filters: { minAge: 16 } }, 'Age must be between 18 and 120'],
      [{ name: 'Odd flag', filters: { online: 'maybe' } }, 'Online only must be on or off'],
      [{ name: "'; drop table saved_searches; --", filters: { q: 'x'.repeat(61) } }, 'Search text must be at most 60 characters'],
    ];
    for (const [body, message] of bad) {
      const res = await me.post('/api/v1/saved-searches', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
      if (message) expect(res.json.error.message, JSON.stringify(body)).toBe(message);
    }
    expect((await me.post('/api/v1/saved-searches', '{"name":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await me.post('/api/v1/saved-searches', 'name=x', { 'content-type': 'text/plain' })).status).toBe(415);
    expect(await savedCount(meId)).toBe(before);
  });

  it('another member can neither see nor delete my saved searches: their id is a 404 and nothing is deleted', async () => {
    const [mine] = await mySaved();
    expect(await mySaved(other)).toEqual([]);
    const attack = await other.delete(`/api/v1/saved-searches/${mine!.id}`);
    expect(attack.status).toBe(404);
    expect(attack.json.error).toMatchObject({ code: 'SAVED_SEARCH_NOT_FOUND', message: 'That saved search does not exist.' });
    expect((await mySaved()).map((s) => s.id)).toContain(mine!.id);
    expect((await me.delete('/api/v1/saved-searches/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // a malformed id is the caller's mistake
    const malformed = await me.delete('/api/v1/saved-searches/no-such-id');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe('That saved search id is not valid.');

    expect((await me.delete(`/api/v1/saved-searches/${mine!.id}`)).status).toBe(204);
    expect((await mySaved()).map((s) => s.id)).not.toContain(mine!.id);
    expect((await me.delete(`/api/v1/saved-searches/${mine!.id}`)).status).toBe(404);
  });

  it('keeps at most 20 per member, with a clear error beyond, even when saved at the same moment', async () => {
    const have = (await mySaved()).length;
    const saves = await Promise.all(
      Array.from({ length: 22 - have }, (_, i) => me.post('/api/v1/saved-searches', { name: `Search ${i}`, filters: { type: 'men' } })),
    );
    expect(saves.filter((r) => r.status === 201)).toHaveLength(20 - have);
    const refused = saves.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.json.error.message).toBe('You can keep up to 20 saved searches. Delete one to save another.');
    }
    expect(await mySaved()).toHaveLength(20);
    // the cap is per member: someone else still saves
    expect((await other.post('/api/v1/saved-searches', { name: 'Mine', filters: {} })).status).toBe(201);
    // deleting one makes room again
    const [newest] = await mySaved();
    await me.delete(`/api/v1/saved-searches/${newest!.id}`);
    expect((await me.post('/api/v1/saved-searches', { name: 'Again', filters: {} })).status).toBe(201);
  });
});

describe('Photos by Category: GET /api/v1/search/photos', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 200, g: 40, b: 120 } } })
      .png()
      .toBuffer();

  async function galleryPhoto(c: Client) {
    const form = new FormData();
    form.set('kind', 'gallery');
    form.set('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'photo.png');
    const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.request('/api/v1/media', { method: 'POST', body: form, headers: { origin: ORIGIN, cookie } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { media: { id: string } }).media.id;
  }
  const photos = async (query = '') => {
    const res = await me.get(`/api/v1/search/photos${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json as CategoryPhotosResponse;
  };
  const owners = (r: CategoryPhotosResponse) => r.items.map((p) => p.owner.username).sort();

  beforeAll(async () => {
    await member('photo_pair', 'male-female-couple');
    await member('photo_woman', 'single-female');
    await member('photo_man', 'single-male');
    await member('photo_anon', 'male-female-couple');
    await member('photo_blocker', 'male-female-couple');
    await member('photo_blocked', 'male-female-couple');
    for (const name of ['photo_pair', 'photo_woman', 'photo_man', 'photo_anon', 'photo_blocker', 'photo_blocked'])
      await galleryPhoto(clients[name]!);
    // a private photo is its owner's only
    const privateId = await galleryPhoto(clients.photo_man!);
    await t.database.db.update(media).set({ visibility: 'private' }).where(eq(media.id, privateId));
    await t.database.db.update(profiles).set({ anonymousMode: true }).where(eq(profiles.userId, ids.photo_anon!));
    await t.database.db.insert(userBlocks).values([
      { blockerId: ids.photo_blocker!, blockedId: meId },
      { blockerId: meId, blockedId: ids.photo_blocked! },
    ]);
  });

  it('lists gallery photos of visible members by category, each one I can open', async () => {
    const all = await photos();
    expect(owners(all)).toEqual(['photo_man', 'photo_pair', 'photo_woman']);
    expect(owners(await photos('?type=couples'))).toEqual(['photo_pair']);
    expect(owners(await photos('?type=women'))).toEqual(['photo_woman']);
    expect(owners(await photos('?type=tvtscd'))).toEqual([]);
    const couple = (await photos('?type=couples')).items[0]!;
    expect(couple.owner.type).toBe('couples');
    const file = await t.app.request(couple.thumbUrl!, { headers: { cookie: [...me.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
  });

  it('never shows a photo reported and under review, until a moderator clears it', async () => {
    const reported = (await photos('?type=women')).items[0]!;
    await t.database.db.update(media).set({ underReview: true }).where(eq(media.id, reported.id));
    expect((await photos('?type=women')).items.map((p) => p.id)).not.toContain(reported.id);
    await t.database.db.update(media).set({ underReview: false }).where(eq(media.id, reported.id));
    expect((await photos('?type=women')).items.map((p) => p.id)).toContain(reported.id);
  });

  it('never shows an anonymous member, either side of a block, or a private photo; the blocker does not see me either', async () => {
    const shown = owners(await photos('?limit=60'));
    for (const hidden of ['photo_anon', 'photo_blocker', 'photo_blocked', 'searcher']) expect(shown).not.toContain(hidden);
    expect(shown.filter((n) => n === 'photo_man')).toHaveLength(1);
    await galleryPhoto(me);
    const blockerView = await clients.photo_blocker!.get('/api/v1/search/photos?limit=60');
    expect(owners(blockerView.json as CategoryPhotosResponse)).not.toContain('searcher');
    expect(owners((await other.get('/api/v1/search/photos?limit=60')).json as CategoryPhotosResponse)).toContain('searcher');
  });

  it('pages newest first without repeating or skipping a photo when one is added between pages, and refuses a bad category or cursor with a 400', async () => {
    const first = await photos('?limit=2');
    expect(first.items).toHaveLength(2);
    // a photo added before the next page is asked for goes to the top, not into the next page
    const added = await galleryPhoto(clients.photo_woman!);
    const second = await photos(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const paged = [...first.items, ...second.items].map((p) => p.id);
    expect(paged).toHaveLength(3);
    expect(new Set(paged).size).toBe(3);
    expect(paged).not.toContain(added);
    expect((await photos('?limit=1')).items[0]!.id).toBe(added);
    await t.database.db.delete(media).where(eq(media.id, added));
    // a cursor whose keys are not a photo's (another list's, or made up), or that the server did not seal, is refused
    const cursors = cursorCodec(t.config.secret);
    const scope = `category-photos:${(await me.get('/api/v1/me')).json.user.id}:all`;
    const forged = cursors.seal({ c: "2026-01-01 00:00:00+00'; drop table media; --", id: added }, scope);
    for (const query of [
      '?type=aliens',
      '?cursor=-1',
      '?limit=0',
      `?cursor=${forged}`,
      `?cursor=${cursors.seal({ c: 1 }, scope)}`,
      `?cursor=${Buffer.from(JSON.stringify({ c: '2026-01-01 00:00:00+00', id: added })).toString('base64url')}`,
    ]) {
      const res = await me.get(`/api/v1/search/photos${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await client(t).get('/api/v1/search/photos')).status).toBe(401);
  });
});
