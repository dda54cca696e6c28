import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, inArray } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { CONTENT_PAGE_SIZE, type ContentItem, type ContentPage } from '@velvet/core/schemas/content.schema';
import { fabs, media, profiles, userVerifications, verificationBadges } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ORIGIN, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { cursorCodec } from '../../lib/keyset-cursor';

let t: TestApp;
let alice: { c: Client; id: string };
let bob: { c: Client; id: string };
let carol: { c: Client; id: string };
let work: string;
let videoMp4: Buffer;

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** A multipart upload as the browser sends it: the fields first, then the file. */
async function upload(c: Client | null, fields: Record<string, string>, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const headers: Record<string, string> = { origin: ORIGIN };
  if (c) headers.cookie = cookieOf(c);
  const res = await t.app.request('/api/v1/content', { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}
async function uploadOk(c: Client, fields: Record<string, string>, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const res = await upload(c, fields, bytes, name, type);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.item as ContentItem;
}
async function fetchFile(c: Client, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers: { origin: ORIGIN, cookie: cookieOf(c), ...headers } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const ffprobeTags = async (bytes: Buffer, ext: string) => {
  const file = path.join(work, `probe-${randomBytes(4).toString('hex')}.${ext}`);
  await writeFile(file, bytes);
  return execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags:stream_tags', '-of', 'json', file]).toString();
};

const jpegWithGps = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 40, b: 120 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

/** Files left under a member's folder in local storage. */
const storedFiles = async (userId: string) => readdir(path.join(t.dataDir, 'uploads', userId)).catch(() => [] as string[]);
const contentRows = (userId: string) =>
  t.database.db
    .select()
    .from(media)
    .where(and(eq(media.ownerId, userId), eq(media.kind, 'content')));
const tempUploads = async () => (await readdir(os.tmpdir())).filter((n) => n.startsWith('velvet-upload-'));

async function makeCreator(userId: string) {
  const [v] = await t.database.db
    .insert(userVerifications)
    .values({ userId, verificationType: 'model', verificationData: {}, status: 'approved', photoKey: `${userId}/verification_test.webp` })
    .returning();
  await t.database.db.insert(verificationBadges).values({ userId, badgeType: 'creator', verificationId: v!.id });
}

/** The temporary folder uploads are received in while this file runs: its own, so uploads in another file running alongside are not counted. */
const systemTmp = process.env.TMPDIR;
let uploadsTmp = '';

beforeAll(async () => {
  t = await createTestApp();
  work = await mkdtemp(path.join(os.tmpdir(), 'velvet-content-test-'));
  uploadsTmp = await mkdtemp(path.join(os.tmpdir(), 'velvet-content-uploads-'));
  process.env.TMPDIR = uploadsTmp;
  alice = await finishedMember(t, 'alice_content', { city: 'Leeds' });
  bob = await finishedMember(t, 'bob_content', { city: 'Leeds' });
  carol = await finishedMember(t, 'carol_content', { city: 'York', gender: 'male-female-couple', partnerAge: 31 });
  const file = path.join(work, 'clip.mp4');
  // a short clip whose container says where it was taken, as a phone's would
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-metadata',
    'location=+51.5074-000.1278/',
    '-metadata',
    'com.apple.quicktime.location.ISO6709=+51.5074-000.1278+000.000/',
    '-metadata',
    'title=secret-title',
    '-movflags',
    'use_metadata_tags',
    file,
  ]);
  videoMp4 = await readFile(file);
  expect(await ffprobeTags(videoMp4, 'mp4')).toContain('51.5074');
}, 60_000);
afterAll(async () => {
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  await rm(uploadsTmp, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
  await t.close();
});

describe('uploading content', () => {
  it('refuses a visitor before reading the body', async () => {
    const res = await upload(null, { title: 'x' }, await jpegWithGps(), 'a.jpg', 'image/jpeg');
    expect(res.status).toBe(401);
  });

  it('stores an image re-encoded, with no location or other metadata', async () => {
    const item = await uploadOk(alice.c, { title: 'Sunset', description: 'Evening light' }, await jpegWithGps());
    expect(item).toMatchObject({
      title: 'Sunset',
      description: 'Evening light',
      mediaType: 'image',
      visibility: 'public',
      locked: false,
      fabCount: 0,
      mine: true,
    });
    const served = await fetchFile(bob.c, item.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(served.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.bytes.includes('secret-owner')).toBe(false);
  });

  it('stores a video remuxed without metadata, with a poster, and serves byte ranges', async () => {
    const item = await uploadOk(alice.c, { title: 'Clip' }, videoMp4, 'clip.mp4', 'video/mp4');
    expect(item.mediaType).toBe('video');
    expect(item.durationMs).toBeGreaterThan(1500);
    expect(item.width).toBe(320);
    const served = await fetchFile(bob.c, item.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('accept-ranges')).toBe('bytes');
    const tags = await ffprobeTags(served.bytes, 'mp4');
    expect(tags).not.toContain('51.5074');
    expect(tags).not.toContain('secret-title');
    expect(served.bytes.includes('51.5074')).toBe(false);

    const part = await fetchFile(bob.c, item.url!, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${served.bytes.length}`);
    expect(part.bytes.equals(served.bytes.subarray(100, 200))).toBe(true);
    const tail = await fetchFile(bob.c, item.url!, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(served.bytes.subarray(served.bytes.length - 10))).toBe(true);
    const beyond = await fetchFile(bob.c, item.url!, { range: `bytes=${served.bytes.length + 5}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${served.bytes.length}`);

    const poster = await fetchFile(bob.c, item.thumbUrl!);
    expect(poster.status).toBe(200);
    expect((await sharp(poster.bytes).metadata()).format).toBe('webp');
  });

  it('checks the fields in the spec’s words', async () => {
    const img = await jpegWithGps();
    expect((await upload(alice.c, { title: ' ' }, img, 'a.jpg', 'image/jpeg')).json.error.message).toBe(messages.content.required);
    const noPrice = await upload(alice.c, { title: 'Paid', payPerView: 'true', price: '0' }, img, 'a.jpg', 'image/jpeg');
    expect(noPrice.status).toBe(400);
    expect(noPrice.json.error.message).toBe(messages.content.invalidPrice);
  });
});

describe('hostile uploads: a clear 4xx, no row, no file left behind', () => {
  const cases: [string, () => Promise<Buffer>, string, string, number, string][] = [
    [
      'a script named .mp4',
      async () => Buffer.from('#!/bin/sh\necho owned\n'.repeat(50)),
      'clip.mp4',
      'video/mp4',
      400,
      messages.content.invalidType,
    ],
    [
      'a truncated video',
      async () => videoMp4.subarray(0, Math.floor(videoMp4.length / 2)),
      'clip.mp4',
      'video/mp4',
      400,
      messages.content.unreadableVideo,
    ],
    ['a file of 51 MB', async () => Buffer.alloc(51 * 1024 * 1024, 7), 'big.mp4', 'video/mp4', 413, messages.content.tooLarge],
    [
      'a decompression bomb',
      () =>
        sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' }, limitInputPixels: false })
          .png({ compressionLevel: 9 })
          .toBuffer(),
      'bomb.png',
      'image/png',
      400,
      messages.uploads.tooManyPixels,
    ],
  ];
  for (const [name, make, file, type, status, message] of cases) {
    it(`refuses ${name}`, async () => {
      const before = {
        rows: (await contentRows(bob.id)).length,
        files: (await storedFiles(bob.id)).length,
        temp: (await tempUploads()).length,
      };
      const res = await upload(bob.c, { title: name }, await make(), file, type);
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      expect(res.json.error.message).toBe(message);
      expect((await contentRows(bob.id)).length).toBe(before.rows);
      expect((await storedFiles(bob.id)).length).toBe(before.files);
      expect((await tempUploads()).length).toBeLessThanOrEqual(before.temp);
    }, 60_000);
  }
});

describe('premium and pay-per-view', () => {
  let ppv: ContentItem;
  let premium: ContentItem;

  it('needs an approved creator verification to publish them', async () => {
    const res = await upload(carol.c, { title: 'Paid', payPerView: 'true', price: '4.99' }, await jpegWithGps(), 'a.jpg', 'image/jpeg');
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(messages.verification.creatorRequired);
    expect(await contentRows(carol.id)).toHaveLength(0);
    await makeCreator(carol.id);
    ppv = await uploadOk(carol.c, { title: 'Paid', payPerView: 'true', price: '4.99', premiumOnly: 'true' }, await jpegWithGps());
    expect(ppv).toMatchObject({ visibility: 'ppv', priceCents: 499, locked: false });
    premium = await uploadOk(carol.c, { title: 'Members', premiumOnly: 'true' }, await jpegWithGps());
    expect(premium.visibility).toBe('premium');
  });

  it('never serves a pay-per-view original to anyone but its owner: others get the blurred preview', async () => {
    const seen = (await bob.c.get(`/api/v1/content/${ppv.id}`)).json.item as ContentItem;
    expect(seen).toMatchObject({ locked: true, url: null, priceCents: 499 });
    expect(seen.thumbUrl).toMatch(/_preview\.webp$/);
    expect((await fetchFile(bob.c, seen.thumbUrl!)).status).toBe(200);
    expect((await fetchFile(bob.c, ppv.url!)).status).toBe(404);
    expect((await fetchFile(bob.c, ppv.thumbUrl!)).status).toBe(404);
    expect((await fetchFile(bob.c, ppv.url!, { range: 'bytes=0-' })).status).toBe(404);
    // not even to a premium member
    await t.database.db.update(profiles).set({ membershipType: 'premium' }).where(eq(profiles.userId, bob.id));
    expect((await fetchFile(bob.c, ppv.url!)).status).toBe(404);
    await t.database.db.update(profiles).set({ membershipType: 'free' }).where(eq(profiles.userId, bob.id));
    expect((await fetchFile(carol.c, ppv.url!)).status).toBe(200);
  });

  it('serves premium content to premium members and the owner only', async () => {
    expect((await fetchFile(bob.c, premium.url!)).status).toBe(404);
    expect(((await bob.c.get(`/api/v1/content/${premium.id}`)).json.item as ContentItem).locked).toBe(true);
    await t.database.db.update(profiles).set({ membershipType: 'premium' }).where(eq(profiles.userId, bob.id));
    expect((await fetchFile(bob.c, premium.url!)).status).toBe(200);
    expect(((await bob.c.get(`/api/v1/content/${premium.id}`)).json.item as ContentItem).locked).toBe(false);
    await t.database.db.update(profiles).set({ membershipType: 'free' }).where(eq(profiles.userId, bob.id));
  });
});

describe('Fabs, lists and the owner’s edits', () => {
  let a: ContentItem;
  let b: ContentItem;

  it('Fab is one per member per item, and moves an item up Hot', async () => {
    a = await uploadOk(alice.c, { title: 'First' }, await jpegWithGps());
    b = await uploadOk(alice.c, { title: 'Second' }, await jpegWithGps());
    const fab = await bob.c.request('PUT', `/api/v1/content/${a.id}/fab`);
    expect(fab.json).toEqual({ fabbed: true, fabCount: 1 });
    expect((await bob.c.request('PUT', `/api/v1/content/${a.id}/fab`)).json).toEqual({ fabbed: true, fabCount: 1 });
    let hot = (await bob.c.get('/api/v1/content/hot')).json.items as ContentItem[];
    expect(hot.map((i) => i.id)).toEqual([a.id]);
    await bob.c.request('PUT', `/api/v1/content/${b.id}/fab`);
    await carol.c.request('PUT', `/api/v1/content/${b.id}/fab`);
    hot = (await bob.c.get('/api/v1/content/hot')).json.items;
    expect(hot.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(hot[0]).toMatchObject({ fabCount: 2, fabbed: true });
    const fabbed = (await bob.c.get('/api/v1/content/fabbed')).json.items as ContentItem[];
    expect(fabbed.map((i) => i.id)).toEqual([b.id, a.id]);
    expect((await bob.c.request('DELETE', `/api/v1/content/${b.id}/fab`)).json).toEqual({ fabbed: false, fabCount: 1 });
  });

  it('pages Hot by cursor: a Fab landing between pages neither repeats nor skips an item', async () => {
    // more items than a page, each Fab'd once by Bob: ranked by time within the same count
    const made = await t.database.db
      .insert(media)
      .values(
        Array.from({ length: CONTENT_PAGE_SIZE + 6 }, (_, i) => ({
          ownerId: alice.id,
          kind: 'content',
          mediaType: 'image',
          storageKey: `${alice.id}/content_hot_${i}.webp`,
          contentType: 'image/webp',
          bytes: 1,
          visibility: 'public',
          title: `Hot ${i}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })),
      )
      .returning({ id: media.id });
    await t.database.db.insert(fabs).values(made.map((m) => ({ mediaId: m.id, userId: bob.id })));
    const hotPage = async (cursor: string | null) => {
      const res = await bob.c.get(`/api/v1/content/hot${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.status, res.text).toBe(200);
      return res.json as ContentPage;
    };
    const all = async () => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ContentPage = await hotPage(cursor);
        ids.push(...page.items.map((i) => i.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const before = await all();
    expect(before.length).toBeGreaterThan(CONTENT_PAGE_SIZE);

    const first = await hotPage(null);
    expect(first.items).toHaveLength(CONTENT_PAGE_SIZE);
    // the last item, on page 2, now has the most Fabs: with an offset it would jump onto page 1 (skipped)
    // and push page 1's last item onto page 2 (repeated)
    const risen = before.at(-1)!;
    expect(first.items.map((i) => i.id)).not.toContain(risen);
    expect((await carol.c.request('PUT', `/api/v1/content/${risen}/fab`)).status).toBe(200);
    expect((await carol.c.request('PUT', `/api/v1/content/${before[CONTENT_PAGE_SIZE]!}/fab`)).status).toBe(200);
    const seen = first.items.map((i) => i.id);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await hotPage(cursor);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(before);
    // a fresh first page counts the new Fabs
    expect((await hotPage(null)).items.slice(0, 2).map((i) => i.id)).toEqual([before[CONTENT_PAGE_SIZE], risen]);

    // a cursor is checked by its core schema: garbage, another list's, or a forged key is a 400 in plain words
    const newCursor = (await bob.c.get('/api/v1/content/new')).json.nextCursor as string;
    const cursors = cursorCodec(t.config.secret);
    const keys = { asOf: '2026-01-01T00:00:00.000000', n: 1, t: '2026-01-01T00:00:00.000000', id: risen };
    const forged = cursors.seal({ ...keys, asOf: "2026-01-01T00:00:00.000000'; --" }, `content:hot:all:${bob.id}`);
    const unsealed = Buffer.from(JSON.stringify(keys)).toString('base64url');
    const carols = cursors.seal(keys, `content:hot:all:${carol.id}`);
    for (const bad of ['garbage', '12', newCursor, forged, unsealed, carols]) {
      const res = await bob.c.get(`/api/v1/content/hot?cursor=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.error.message).toBe(messages.errors.badCursor);
    }
    await t.database.db.delete(media).where(
      inArray(
        media.id,
        made.map((m) => m.id),
      ),
    );
  });

  it('tells the owner of a Fab once, and a member who hotlists the owner of their new content, in Updates', async () => {
    const feed = async (c: Client) =>
      (await c.get('/api/v1/activities')).json.items as { type: string; actor: { userId: string } | null }[];
    const fabsFromBob = (await feed(alice.c)).filter((x) => x.type === 'fab' && x.actor?.userId === bob.id);
    expect(fabsFromBob).toHaveLength(2); // a and b, each once although a was Fab'd twice

    expect((await carol.c.request('PUT', `/api/v1/hotlist/${alice.id}`)).status).toBeLessThan(300);
    const fresh = await uploadOk(alice.c, { title: 'Third' }, await jpegWithGps());
    const news = (await feed(carol.c)).filter((x) => x.type === 'new_content');
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({ actor: { userId: alice.id }, subject: { kind: 'content', id: fresh.id } });
    expect((await feed(bob.c)).some((x) => x.type === 'new_content')).toBe(false); // Bob does not follow Alice
    expect((await carol.c.request('DELETE', `/api/v1/hotlist/${alice.id}`)).status).toBeLessThan(300);
    expect((await alice.c.request('DELETE', `/api/v1/content/${fresh.id}`)).status).toBe(204);
  });

  it("counts the member's own photos and videos, nobody else's", async () => {
    const countsOf = async (c: Client) => (await c.get('/api/v1/content/mine/counts')).json as { images: number; videos: number };
    const listed = async (c: Client) => {
      const mine = (await c.get('/api/v1/content/mine')).json.items as ContentItem[];
      return { images: mine.filter((i) => i.mediaType === 'image').length, videos: mine.filter((i) => i.mediaType === 'video').length };
    };
    const aliceCounts = await countsOf(alice.c);
    expect(aliceCounts).toEqual(await listed(alice.c));
    expect(aliceCounts.images).toBeGreaterThanOrEqual(2);
    expect(await countsOf(carol.c)).toEqual(await listed(carol.c));
    expect(await countsOf(carol.c)).not.toEqual(aliceCounts);
    expect((await t.app.request('/api/v1/content/mine/counts')).status).toBe(401);
  });

  it('lists newest first, by category, and the member’s own', async () => {
    const newest = (await bob.c.get('/api/v1/content/new')).json.items as ContentItem[];
    expect(newest[0]!.id).toBe(b.id);
    expect(newest[1]!.id).toBe(a.id);
    const couples = (await bob.c.get('/api/v1/content/category?category=couple')).json.items as ContentItem[];
    expect(couples.length).toBeGreaterThan(0);
    expect(couples.every((i) => i.owner.id === carol.id)).toBe(true);
    expect((await bob.c.get('/api/v1/content/category?category=nope')).status).toBe(400);
    const mine = (await bob.c.get('/api/v1/content/mine')).json.items as ContentItem[];
    expect(mine).toHaveLength(0);
    expect((await bob.c.get('/api/v1/content/new?cursor=garbage')).status).toBe(400);
    expect((await bob.c.get('/api/v1/content/new?type=video')).json.items.every((i: ContentItem) => i.mediaType === 'video')).toBe(true);
  });

  it('lets only the owner edit or delete; another member’s id changes nothing', async () => {
    expect((await bob.c.patch(`/api/v1/content/${a.id}`, { title: 'Mine now', visibility: 'public' })).status).toBe(403);
    expect((await bob.c.delete(`/api/v1/content/${a.id}`)).status).toBe(403);
    expect((await alice.c.get(`/api/v1/content/${a.id}`)).json.item.title).toBe('First');
    // alice has no creator verification: she cannot make it pay-per-view
    const paid = await alice.c.patch(`/api/v1/content/${a.id}`, { title: 'First', visibility: 'ppv', priceCents: 300 });
    expect(paid.status).toBe(403);
    const edited = await alice.c.patch(`/api/v1/content/${a.id}`, { title: 'Renamed', description: 'New words', visibility: 'public' });
    expect(edited.status).toBe(200);
    expect(edited.json.item).toMatchObject({ title: 'Renamed', description: 'New words' });
    const gone = await alice.c.delete(`/api/v1/content/${a.id}`);
    expect(gone.status).toBe(204);
    expect((await alice.c.get(`/api/v1/content/${a.id}`)).status).toBe(404);
    expect((await fetchFile(alice.c, a.url!)).status).toBe(404);
    expect((await storedFiles(alice.id)).some((f) => a.url!.includes(f))).toBe(false);
  });

  it('hides a blocked member’s content both ways: no list, no file, no Fab', async () => {
    expect((await carol.c.request('PUT', `/api/v1/blocks/${alice.id}`, {})).status).toBe(201);
    for (const who of [alice.c, carol.c]) {
      const newest = (await who.get('/api/v1/content/new')).json.items as ContentItem[];
      expect(newest.some((i) => i.owner.id === (who === alice.c ? carol.id : alice.id))).toBe(false);
    }
    expect((await carol.c.request('PUT', `/api/v1/content/${b.id}/fab`)).status).toBe(404);
    expect((await carol.c.get(`/api/v1/content/${b.id}`)).status).toBe(404);
    expect((await fetchFile(carol.c, b.url!)).status).toBe(404);
    expect((await fetchFile(carol.c, b.thumbUrl!)).status).toBe(404);
    await carol.c.request('DELETE', `/api/v1/blocks/${alice.id}`);
    expect((await fetchFile(carol.c, b.url!)).status).toBe(200);
  });

  it('keeps an anonymous member’s content out of the lists, but open by link', async () => {
    await t.database.db.update(profiles).set({ anonymousMode: true }).where(eq(profiles.userId, alice.id));
    const newest = (await bob.c.get('/api/v1/content/new')).json.items as ContentItem[];
    expect(newest.some((i) => i.owner.id === alice.id)).toBe(false);
    expect((await bob.c.get(`/api/v1/content/${b.id}`)).status).toBe(200);
    await t.database.db.update(profiles).set({ anonymousMode: false }).where(eq(profiles.userId, alice.id));
  });

  it('hides a suspended member’s content from everyone else, lists, link and file alike', async () => {
    await t.database.db.update(profiles).set({ suspended: true }).where(eq(profiles.userId, alice.id));
    const newest = (await bob.c.get('/api/v1/content/new')).json.items as ContentItem[];
    expect(newest.some((i) => i.owner.id === alice.id)).toBe(false);
    expect((await bob.c.get(`/api/v1/content/${b.id}`)).status).toBe(404);
    expect((await fetchFile(bob.c, b.url!)).status).toBe(404);
    expect((await bob.c.request('PUT', `/api/v1/content/${b.id}/fab`)).status).toBe(404);
    await t.database.db.update(profiles).set({ suspended: false }).where(eq(profiles.userId, alice.id));
    expect((await fetchFile(bob.c, b.url!)).status).toBe(200);
  });

  it('can be reported with the photo report', async () => {
    const res = await bob.c.post('/api/v1/reports', { targetType: 'photo', targetId: b.id, reason: 'spam_or_scam' });
    expect(res.status, res.text).toBeLessThan(300);
  });

  it('answers 401 to a visitor and 400 to a malformed id', async () => {
    expect((await t.app.request('/api/v1/content/new')).status).toBe(401);
    expect((await bob.c.get('/api/v1/content/not-a-uuid')).status).toBe(400);
  });
});
