import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count, eq, inArray } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { limits } from '@velvet/core/constants/limits';
import { GALLERY_MAX_PHOTOS, THUMB_SIDE, type MediaDto } from '@velvet/core/schemas/media.schema';
import { media, profiles } from '../../db/schema/index';
import { createLocalStorage } from '../../storage/local-storage';
import { createLogger } from '../../logger';
import { processImage } from '../../images/process-image';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, ORIGIN, signedInMember, type Client } from '../../../test/http';
import { mediaRepository, type MediaRepository } from './media.repository';
import { mediaService } from './media.service';

let t: TestApp;
let alice: Client;
let bob: Client;
let aliceId: string;
let bobId: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInMember(t, 'alice.media@example.test');
  bob = await signedInMember(t, 'bob.media@example.test');
  expect((await alice.post('/api/v1/profiles', { username: 'alice_media', displayName: 'Alice' })).status).toBe(201);
  expect((await bob.post('/api/v1/profiles', { username: 'bob_media', displayName: 'Bob' })).status).toBe(201);
  aliceId = (await alice.get('/api/auth/get-session')).json.user.id;
  bobId = (await bob.get('/api/auth/get-session')).json.user.id;
  // finished profiles: only then do others see a member's photos (media.visibility.test.ts)
  await t.database.db
    .update(profiles)
    .set({ setupCompletedAt: new Date() })
    .where(inArray(profiles.userId, [aliceId, bobId]));
});
afterAll(() => t.close());

// ---------- helpers ----------

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** A multipart upload as the browser sends it. */
async function upload(c: Client | null, kind: string, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const headers: Record<string, string> = { origin: ORIGIN };
  if (c) headers.cookie = cookieOf(c);
  const res = await t.app.request('/api/v1/media', { method: 'POST', body: form, headers });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

async function uploadOk(c: Client, kind: string, bytes: Buffer): Promise<MediaDto> {
  const res = await upload(c, kind, bytes);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.media as MediaDto;
}

/** Fetches a served file as bytes. */
async function fetchFile(c: Client | null, url: string) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (c) headers.cookie = cookieOf(c);
  const res = await t.app.request(url, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 120 } } });
const smallPng = () => solid(64, 48).png().toBuffer();

/** Raw random pixels: barely compressible, so the file is about width × height × 3 bytes. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** Whether EXIF (as sharp returns it: "Exif\0\0" + TIFF) has a GPS IFD pointer (tag 0x8825) in IFD0. */
function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

const mediaRows = async () => (await t.database.db.select({ n: count() }).from(media))[0]!.n;
const storedFiles = async () => {
  const root = path.join(t.dataDir, 'uploads');
  try {
    return (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.webp')).length;
  } catch {
    return 0;
  }
};
const profileOf = async (userId: string) => (await t.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]!;
const galleryOf = async (c: Client, userId: string) => (await c.get(`/api/v1/media/user/${userId}`)).json.media as MediaDto[];

async function deleteAllOf(c: Client, userId: string, kind = 'gallery') {
  for (const row of await t.database.db.select().from(media).where(eq(media.ownerId, userId))) {
    if (row.kind === kind) expect((await c.delete(`/api/v1/media/${row.id}`)).status).toBe(204);
  }
}

// ---------- tests ----------

describe('POST /api/v1/media: re-encoding', () => {
  it('removes every piece of metadata, EXIF GPS included, and serves WebP to members', async () => {
    const input = await solid(1200, 800)
      .jpeg({ quality: 90 })
      .withIccProfile('p3')
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
      .withExif({
        IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Artist' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(exifHasGps(before.exif!)).toBe(true);
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(input.includes('Secret Owner')).toBe(true);

    const dto = await uploadOk(alice, 'gallery', input);
    expect(dto).toMatchObject({ kind: 'gallery', width: 1200, height: 800, position: 0 });
    expect(dto.url).toMatch(new RegExp(`^/api/v1/media/file/${aliceId}/gallery_\\d+\\.webp$`));
    expect(dto.thumbUrl).toMatch(new RegExp(`^/api/v1/media/file/${aliceId}/gallery_\\d+_thumb\\.webp$`));

    // another signed-in member may see it
    const served = await fetchFile(bob, dto.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('private, no-cache');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const after = await sharp(served.bytes).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    for (const marker of ['Exif', 'GPS', 'Secret', 'xmpmeta', 'ICC_PROFILE', 'EXIF', 'XMP ', 'ICCP']) {
      expect(served.bytes.includes(marker), marker).toBe(false);
    }

    const thumb = await fetchFile(bob, dto.thumbUrl!);
    expect(thumb.status).toBe(200);
    const thumbMeta = await sharp(thumb.bytes).metadata();
    expect(thumbMeta).toMatchObject({ format: 'webp', width: THUMB_SIDE, height: 320 });
    expect(thumbMeta.exif).toBeUndefined();
    await deleteAllOf(alice, aliceId);
  });

  it('applies the EXIF orientation to the pixels', async () => {
    const input = await solid(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const dto = await uploadOk(alice, 'gallery', input);
    expect(dto).toMatchObject({ width: 100, height: 300 });
    const served = await sharp((await fetchFile(alice, dto.url)).bytes).metadata();
    expect(served).toMatchObject({ width: 100, height: 300 });
    expect(served.orientation).toBeUndefined();
    await deleteAllOf(alice, aliceId);
  });

  it('fits large images inside 2048 px without enlarging small ones', async () => {
    const big = await uploadOk(alice, 'gallery', await solid(4000, 1000).jpeg().toBuffer());
    expect(big).toMatchObject({ width: 2048, height: 512 });
    const small = await uploadOk(alice, 'gallery', await smallPng());
    expect(small).toMatchObject({ width: 64, height: 48 });
    const thumb = await sharp((await fetchFile(alice, small.thumbUrl!)).bytes).metadata();
    expect(thumb).toMatchObject({ width: 64, height: 48 });
    await deleteAllOf(alice, aliceId);
  });

  it('accepts JPEG, PNG, WebP and GIF whatever the file is called', async () => {
    const inputs = [
      await solid(40, 30).jpeg().toBuffer(),
      await solid(40, 30).png().toBuffer(),
      await solid(40, 30).webp().toBuffer(),
      await solid(40, 30).gif().toBuffer(),
    ];
    for (const bytes of inputs) {
      const res = await upload(alice, 'gallery', bytes, 'no-extension', 'application/octet-stream');
      expect(res.status).toBe(201);
      expect(res.json.media).toMatchObject({ width: 40, height: 30 });
    }
    await deleteAllOf(alice, aliceId);
  });
});

describe('POST /api/v1/media: refusals change nothing', () => {
  async function expectRefused(send: () => Promise<{ status: number; json?: unknown }>, status: number, code: string, message: string) {
    const [rows, files] = [await mediaRows(), await storedFiles()];
    const { status: got, json } = await send();
    expect(got).toBe(status);
    expect((json as { error: unknown }).error).toEqual({ code, message });
    expect(await mediaRows()).toBe(rows);
    expect(await storedFiles()).toBe(files);
  }
  const invalid = messages.uploads.invalidImage;

  it('refuses text named .png', () =>
    expectRefused(
      () => upload(alice, 'avatar', Buffer.from('hello, I am not a picture\n'), 'me.png', 'image/png'),
      400,
      'INVALID_IMAGE',
      invalid,
    ));

  it('refuses an SVG with a script', () =>
    expectRefused(
      () =>
        upload(
          alice,
          'avatar',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
          'me.png',
          'image/png',
        ),
      400,
      'INVALID_IMAGE',
      invalid,
    ));

  it('refuses HTML and a script disguised with a PNG name', async () => {
    await expectRefused(
      () => upload(alice, 'gallery', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png', 'image/png'),
      400,
      'INVALID_IMAGE',
      invalid,
    );
    await expectRefused(
      () => upload(alice, 'gallery', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'x.gif', 'image/gif'),
      400,
      'INVALID_IMAGE',
      invalid,
    );
  });

  it('refuses other image formats (TIFF) and a truncated JPEG', async () => {
    const tiff = await solid(20, 20).tiff().toBuffer();
    await expectRefused(() => upload(alice, 'gallery', tiff, 'x.jpg'), 400, 'INVALID_IMAGE', invalid);
    const jpeg = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    await expectRefused(() => upload(alice, 'gallery', jpeg.subarray(0, jpeg.length >> 1)), 400, 'INVALID_IMAGE', invalid);
    // PNG magic bytes, then garbage
    const png = await smallPng();
    await expectRefused(
      () => upload(alice, 'gallery', Buffer.concat([png.subarray(0, 40), randomBytes(200)])),
      400,
      'INVALID_IMAGE',
      invalid,
    );
  });

  it('refuses an image of 5 MB or more in the spec words', async () => {
    const big = await noisePng(1300, 1400);
    expect(big.length).toBeGreaterThanOrEqual(limits.imageMaxBytes);
    expect(big.length).toBeLessThan(6 * 1024 * 1024);
    await expectRefused(
      () => upload(alice, 'gallery', big, 'big.png', 'image/png'),
      413,
      'IMAGE_TOO_LARGE',
      messages.uploads.imageTooLarge,
    );
  });

  it('refuses a body over the upload limit (the image limit plus 1 MiB of framing)', async () => {
    await expectRefused(
      () => upload(alice, 'gallery', randomBytes(7 * 1024 * 1024), 'huge.jpg'),
      413,
      'IMAGE_TOO_LARGE',
      messages.uploads.imageTooLarge,
    );
  });

  it('refuses a decompression bomb from its header, quickly', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024); // 100 megapixels in a small file
    const started = performance.now();
    await expectRefused(
      () => upload(alice, 'gallery', bomb, 'bomb.png', 'image/png'),
      400,
      'TOO_MANY_PIXELS',
      messages.uploads.tooManyPixels,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses signed-out uploads in the spec words', () =>
    expectRefused(() => upload(null, 'avatar', Buffer.alloc(10)), 401, 'UNAUTHENTICATED', messages.uploads.signInRequired));

  it('refuses an unknown kind, a missing file and a body that is not a form', async () => {
    const png = await smallPng();
    await expectRefused(() => upload(alice, 'evil', png), 400, 'INVALID_KIND', messages.uploads.invalidKind);
    await expectRefused(() => upload(alice, 'verification', png), 400, 'INVALID_KIND', messages.uploads.invalidKind);
    const form = new FormData();
    form.set('kind', 'gallery');
    const noFile = async () => {
      const r = await t.app.request('/api/v1/media', { method: 'POST', body: form, headers: { origin: ORIGIN, cookie: cookieOf(alice) } });
      return { status: r.status, json: await r.json() };
    };
    await expectRefused(noFile, 400, 'INVALID_IMAGE', invalid);
    await expectRefused(
      () => alice.post('/api/v1/media', { kind: 'gallery', file: 'x' }),
      400,
      'INVALID_KIND',
      messages.uploads.invalidKind,
    );
    await expectRefused(
      () => alice.request('POST', '/api/v1/media', '--broken\r\nnot multipart', { 'content-type': 'multipart/form-data; boundary=zzz' }),
      400,
      'INVALID_IMAGE',
      invalid,
    );
  });

  it('keeps the 1 MB JSON limit everywhere else under /media', async () => {
    const res = await alice.request('PUT', '/api/v1/media/order', JSON.stringify({ ids: [], pad: 'x'.repeat(2 * 1024 * 1024) }), {
      'content-type': 'application/json',
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('BODY_TOO_LARGE');
  });
});

describe('avatar and cover', () => {
  it('an avatar upload shows on the profile and replaces the previous one', async () => {
    const first = await uploadOk(alice, 'avatar', await solid(400, 400).jpeg().toBuffer());
    expect((await profileOf(aliceId)).avatarUrl).toBe(first.url);
    expect((await fetchFile(alice, first.url)).status).toBe(200);

    const second = await uploadOk(alice, 'avatar', await solid(500, 500).png().toBuffer());
    expect(second.url).not.toBe(first.url);
    expect((await profileOf(aliceId)).avatarUrl).toBe(second.url);
    expect((await fetchFile(alice, first.url)).status).toBe(404);
    expect((await fetchFile(alice, first.thumbUrl!)).status).toBe(404);
    expect((await fetchFile(alice, second.url)).status).toBe(200);
    const rows = await t.database.db.select().from(media).where(eq(media.ownerId, aliceId));
    expect(rows.filter((r) => r.kind === 'avatar').map((r) => r.id)).toEqual([second.id]);
  });

  it('a cover upload sets the cover and leaves the avatar alone', async () => {
    const avatarUrl = (await profileOf(aliceId)).avatarUrl;
    const cover = await uploadOk(alice, 'cover', await solid(1600, 600).jpeg().toBuffer());
    const profile = await profileOf(aliceId);
    expect(profile.coverPhotoUrl).toBe(cover.url);
    expect(profile.avatarUrl).toBe(avatarUrl);
  });

  it("another member's upload never changes Alice's profile", async () => {
    const before = await profileOf(aliceId);
    const bobAvatar = await uploadOk(bob, 'avatar', await smallPng());
    await uploadOk(bob, 'cover', await smallPng());
    const after = await profileOf(aliceId);
    expect(after.avatarUrl).toBe(before.avatarUrl);
    expect(after.coverPhotoUrl).toBe(before.coverPhotoUrl);
    expect((await profileOf(bobId)).avatarUrl).toBe(bobAvatar.url);
    expect(bobAvatar.url).toContain(`/file/${bobId}/avatar_`);
  });

  it('deleting the avatar clears it from the profile', async () => {
    const { avatarUrl } = await profileOf(aliceId);
    const [row] = await t.database.db
      .select()
      .from(media)
      .where(eq(media.storageKey, avatarUrl!.replace('/api/v1/media/file/', '')));
    expect((await alice.delete(`/api/v1/media/${row!.id}`)).status).toBe(204);
    expect((await profileOf(aliceId)).avatarUrl).toBeNull();
    expect((await fetchFile(alice, avatarUrl!)).status).toBe(404);
  });

  it('stores the photo for a member without a profile yet', async () => {
    const carol = await signedInMember(t, 'carol.media@example.test');
    const dto = await uploadOk(carol, 'avatar', await smallPng());
    expect((await fetchFile(carol, dto.url)).status).toBe(200);
    // hers alone until she has a finished profile
    expect((await fetchFile(bob, dto.url)).status).toBe(404);
  });
});

describe('gallery', () => {
  it('adds photos in order, refuses the 31st, and lists them for members', async () => {
    await deleteAllOf(alice, aliceId);
    const png = await smallPng();
    const added: MediaDto[] = [];
    for (let i = 0; i < GALLERY_MAX_PHOTOS; i++) added.push(await uploadOk(alice, 'gallery', png));
    expect(added.map((m) => m.position)).toEqual([...Array(GALLERY_MAX_PHOTOS).keys()]);

    const [rows, files] = [await mediaRows(), await storedFiles()];
    const res = await upload(alice, 'gallery', png);
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({ code: 'GALLERY_FULL', message: messages.uploads.galleryFull });
    expect(await mediaRows()).toBe(rows);
    expect(await storedFiles()).toBe(files);

    const listed = await galleryOf(bob, aliceId);
    expect(listed.map((m) => m.id)).toEqual(added.map((m) => m.id));
    expect(listed.every((m) => m.kind === 'gallery')).toBe(true);
    await deleteAllOf(alice, aliceId);
  });

  it('reorders the caller’s gallery, and refuses anything but exactly its ids', async () => {
    const png = await smallPng();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await uploadOk(alice, 'gallery', png)).id);
    const reversed = [...ids].reverse();
    const res = await alice.request('PUT', '/api/v1/media/order', { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.json.media.map((m: MediaDto) => m.id)).toEqual(reversed);
    expect((await galleryOf(bob, aliceId)).map((m) => m.id)).toEqual(reversed);
    expect((await galleryOf(bob, aliceId)).map((m) => m.position)).toEqual([0, 1, 2]);

    const cover = (await t.database.db.select().from(media).where(eq(media.ownerId, aliceId))).find((r) => r.kind === 'cover')!;
    for (const bad of [
      ids.slice(0, 2), // one missing
      [...ids, ids[0]], // a duplicate
      [...ids, cover.id], // not a gallery photo
      [...ids, '00000000-0000-4000-8000-000000000000'], // unknown
      [],
    ]) {
      const r = await alice.request('PUT', '/api/v1/media/order', { ids: bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.json.error).toEqual({ code: 'INVALID_ORDER', message: messages.uploads.orderMismatch });
    }
    const malformed = await alice.request('PUT', '/api/v1/media/order', { ids: ['not-a-uuid'] });
    expect(malformed.status).toBe(400);
    expect((await galleryOf(alice, aliceId)).map((m) => m.id)).toEqual(reversed);
  });

  it('Bob cannot reorder Alice’s gallery, nor slip her photo into his', async () => {
    const aliceOrder = (await galleryOf(alice, aliceId)).map((m) => m.id);
    const res = await bob.request('PUT', '/api/v1/media/order', { ids: [...aliceOrder].reverse() });
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: 'NOT_YOURS', message: messages.uploads.notYours });

    const bobPhoto = await uploadOk(bob, 'gallery', await smallPng());
    const mixed = await bob.request('PUT', '/api/v1/media/order', { ids: [aliceOrder[0], bobPhoto.id] });
    expect(mixed.status).toBe(403);
    expect((await galleryOf(alice, aliceId)).map((m) => m.id)).toEqual(aliceOrder);
    expect((await galleryOf(bob, bobId)).map((m) => m.id)).toEqual([bobPhoto.id]);
  });
});

describe('DELETE /api/v1/media/:id', () => {
  it('Bob cannot delete Alice’s photo; Alice can', async () => {
    const photo = await uploadOk(alice, 'gallery', await smallPng());
    const res = await bob.delete(`/api/v1/media/${photo.id}`);
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({ code: 'NOT_YOURS', message: messages.uploads.notYours });
    expect((await galleryOf(bob, aliceId)).map((m) => m.id)).toContain(photo.id);
    expect((await fetchFile(bob, photo.url)).status).toBe(200);
    expect((await fetchFile(bob, photo.thumbUrl!)).status).toBe(200);

    expect((await alice.delete(`/api/v1/media/${photo.id}`)).status).toBe(204);
    expect((await galleryOf(alice, aliceId)).map((m) => m.id)).not.toContain(photo.id);
    expect((await fetchFile(alice, photo.url)).status).toBe(404);
    expect((await fetchFile(alice, photo.thumbUrl!)).status).toBe(404);
    expect((await alice.delete(`/api/v1/media/${photo.id}`)).status).toBe(404);
  });

  it('404 for unknown ids, 400 for malformed ones, 401 signed out', async () => {
    expect((await alice.delete('/api/v1/media/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    for (const id of ['not-a-uuid', "1' or '1'='1"]) {
      const res = await alice.delete(`/api/v1/media/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(400);
      expect(res.json.error.message).toBe(messages.ids.photo);
    }
    const [row] = await t.database.db.select().from(media).where(eq(media.ownerId, aliceId));
    expect((await client(t).delete(`/api/v1/media/${row!.id}`)).status).toBe(401);
  });
});

describe('GET /api/v1/media/file/*', () => {
  it('serves only to signed-in members, 404 for unknown keys', async () => {
    const photo = await uploadOk(alice, 'gallery', await smallPng());
    const anon = await fetchFile(null, photo.url);
    expect(anon.status).toBe(401);
    expect(anon.bytes.includes('RIFF')).toBe(false);
    expect((await fetchFile(alice, `/api/v1/media/file/${aliceId}/gallery_1.webp`)).status).toBe(404);
    expect((await fetchFile(alice, '/api/v1/media/file/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await fetchFile(alice, `/api/v1/media/file/${aliceId}/..%2F..%2Fsecret`)).status).toBe(404);
    expect((await client(t).get(`/api/v1/media/user/${aliceId}`)).status).toBe(401);
  });

  it('a private photo (verification) is served to its owner only', async () => {
    const storage = createLocalStorage(path.join(t.dataDir, 'uploads'));
    const key = `${aliceId}/verification_1.webp`;
    await storage.put(key, await solid(20, 20).webp().toBuffer(), { contentType: 'image/webp' });
    await t.database.db
      .insert(media)
      .values({ ownerId: aliceId, kind: 'verification', storageKey: key, contentType: 'image/webp', bytes: 1, visibility: 'private' });
    expect((await fetchFile(alice, `/api/v1/media/file/${key}`)).status).toBe(200);
    expect((await fetchFile(bob, `/api/v1/media/file/${key}`)).status).toBe(404);
  });
});

describe('media service', () => {
  it('is all or nothing: a failed database write removes the stored files', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-media-'));
    try {
      const storage = createLocalStorage(dir);
      const real = mediaRepository(t.database.db);
      const repo = { ...real, transaction: () => Promise.reject(new Error('database down')) };
      const service = mediaService({ repo, storage, log: createLogger('silent') });
      await expect(service.upload(aliceId, 'gallery', await smallPng())).rejects.toThrow('database down');
      expect((await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.webp'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('holds the gallery at 30 when uploads race (the owner lock)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-media-'));
    try {
      const dave = await signedInMember(t, 'dave.media@example.test');
      const daveId = (await dave.get('/api/auth/get-session')).json.user.id as string;
      const real = mediaRepository(t.database.db);
      // widen the window between counting and inserting, so that without the lock both would see 29
      const repo: MediaRepository = {
        ...real,
        transaction: (fn) =>
          real.transaction((tx) =>
            fn({
              ...tx,
              countAndMaxPosition: async (owner, kind) => {
                const found = await tx.countAndMaxPosition(owner, kind);
                await new Promise((r) => setTimeout(r, 100));
                return found;
              },
            }),
          ),
      };
      const service = mediaService({ repo, storage: createLocalStorage(dir), log: createLogger('silent') });
      const png = await smallPng();
      for (let i = 0; i < GALLERY_MAX_PHOTOS - 1; i++) {
        await real.insert({
          ownerId: daveId,
          kind: 'gallery',
          storageKey: `${daveId}/gallery_${i}.webp`,
          contentType: 'image/webp',
          bytes: 1,
          position: i,
        });
      }
      const results = await Promise.allSettled([0, 1, 2].map(() => service.upload(daveId, 'gallery', png)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'GALLERY_FULL' });
      const listed = await galleryOf(dave, daveId);
      expect(listed).toHaveLength(GALLERY_MAX_PHOTOS);
      expect(new Set(listed.map((m) => m.position)).size).toBe(GALLERY_MAX_PHOTOS);
      // the refused uploads left no files behind: one photo and its thumbnail
      expect((await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.webp'))).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never overwrites: a taken key moves to the next timestamp', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-media-'));
    try {
      const service = mediaService({
        repo: mediaRepository(t.database.db),
        storage: createLocalStorage(dir),
        log: createLogger('silent'),
        now: () => 1_700_000_000_000,
      });
      const a = await service.upload(bobId, 'gallery', await smallPng());
      const b = await service.upload(bobId, 'gallery', await smallPng());
      expect(a.url).toBe(`/api/v1/media/file/${bobId}/gallery_1700000000000.webp`);
      expect(b.url).toBe(`/api/v1/media/file/${bobId}/gallery_1700000000001.webp`);
      expect(b.thumbUrl).toBe(`/api/v1/media/file/${bobId}/gallery_1700000000001_thumb.webp`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('processImage', () => {
  it('refuses exactly 5 MB and accepts just under it', async () => {
    const jpeg = await solid(100, 100).jpeg().toBuffer();
    const padded = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    await expect(processImage(padded(limits.imageMaxBytes))).rejects.toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE' });
    const ok = await processImage(padded(limits.imageMaxBytes - 1));
    expect(ok.main).toMatchObject({ width: 100, height: 100, contentType: 'image/webp' });
  });

  it('refuses an empty file and keeps only the first frame of an animation', async () => {
    await expect(processImage(Buffer.alloc(0))).rejects.toMatchObject({ status: 400, code: 'INVALID_IMAGE' });
    // three differently coloured 30×60 frames, stacked
    const pixels = Buffer.concat([0, 1, 2].map((f) => Buffer.alloc(30 * 60 * 3, f * 100)));
    const animated = await sharp(pixels, { raw: { width: 30, height: 180, channels: 3, pageHeight: 60 } })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const out = await processImage(animated);
    expect(out.main).toMatchObject({ width: 30, height: 60 });
    expect((await sharp(out.main.buffer).metadata()).pages ?? 1).toBe(1);
  });
});
