import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import type { MediaDto } from '@velvet/core/schemas/media.schema';
import { media, profiles, userBlocks } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ORIGIN, signedInMember, type Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';

/**
 * A member's photos are seen by exactly those who may open the member's profile page (DESIGN.md §7,
 * db/visibility.ts `pageSeenBy`): nobody on either side of a block, nobody while the member has not
 * finished their profile; the owner always. Anonymous mode hides a member from discovery and search
 * (spec), not from someone holding a link, so their page and photos stay together. To anyone else a
 * hidden gallery or file answers as if it did not exist (404, the answer for an unknown member or
 * file), so nothing tells that the member is there.
 */

let t: TestApp;
interface Member {
  c: Client;
  id: string;
  /** every file URL of the member's avatar, cover and gallery photo (main image and thumbnail) */
  files: string[];
}
const m: Record<'owner' | 'blocked' | 'fan' | 'anon' | 'half', Member> = {} as never;

const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function uploadOk(c: Client, kind: string): Promise<MediaDto> {
  const form = new FormData();
  form.set('kind', kind);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await t.app.request('/api/v1/media', { method: 'POST', body: form, headers: { origin: ORIGIN, cookie: cookieOf(c) } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { media: MediaDto }).media;
}

/** Avatar, cover and one gallery photo: every URL they are served at. */
async function photos(c: Client): Promise<string[]> {
  const files: string[] = [];
  for (const kind of ['avatar', 'cover', 'gallery']) {
    const dto = await uploadOk(c, kind);
    files.push(dto.url, dto.thumbUrl!);
  }
  return files;
}

async function fetchFile(c: Client, url: string) {
  const res = await t.app.request(url, { headers: { origin: ORIGIN, cookie: cookieOf(c) } });
  return { status: res.status, body: await res.text() };
}

const gallery = (viewer: Client, owner: Member) => viewer.get(`/api/v1/media/user/${owner.id}`);

/** What `viewer` gets for `owner`'s gallery and each of their files: one line each. */
async function seen(viewer: Client, owner: Member) {
  const list = await gallery(viewer, owner);
  const lines = [`${list.status} gallery`];
  for (const url of owner.files) lines.push(`${(await fetchFile(viewer, url)).status} ${url.replace(/^.*\//, '')}`);
  return lines;
}
const everything = (owner: Member, status: number) => [
  `${status} gallery`,
  ...owner.files.map((url) => `${status} ${url.replace(/^.*\//, '')}`),
];

async function finished(name: string): Promise<Member> {
  const { c, id } = await finishedMember(t, name, { city: 'Leeds' });
  return { c, id, files: await photos(c) };
}

beforeAll(async () => {
  t = await createTestApp();
  m.owner = await finished('pic_owner');
  m.blocked = await finished('pic_blocked');
  m.fan = await finished('pic_fan');
  m.anon = await finished('pic_anon');
  await t.database.db.update(profiles).set({ anonymousMode: true }).where(eq(profiles.userId, m.anon.id));
  // step one of the wizard only: the profile is not finished
  const half = await signedInMember(t, 'pic_half@example.com');
  expect((await half.post('/api/v1/profiles', { username: 'pic_half', displayName: 'Half' })).status).toBe(201);
  m.half = { c: half, id: (await half.get('/api/v1/me')).json.user.id, files: await photos(half) };
  // the owner blocks one member
  await t.database.db.insert(userBlocks).values({ blockerId: m.owner.id, blockedId: m.blocked.id });
});
afterAll(() => t.close());

describe("who sees a member's photos", () => {
  it('a member who may see the owner sees their gallery and every file', async () => {
    expect(await seen(m.fan.c, m.owner)).toEqual(everything(m.owner, 200));
    expect((await gallery(m.fan.c, m.owner)).json.media).toHaveLength(1);
    expect(await seen(m.fan.c, m.blocked)).toEqual(everything(m.blocked, 200));
  });

  it('a block hides both members’ photos from each other, whichever blocked', async () => {
    // the blocked member cannot see the blocker's photos, nor the blocker the blocked member's
    expect(await seen(m.blocked.c, m.owner)).toEqual(everything(m.owner, 404));
    expect(await seen(m.owner.c, m.blocked)).toEqual(everything(m.blocked, 404));
    // each still sees their own
    expect(await seen(m.owner.c, m.owner)).toEqual(everything(m.owner, 200));
    expect(await seen(m.blocked.c, m.blocked)).toEqual(everything(m.blocked, 200));
  });

  it('the photos come back when the block is lifted', async () => {
    await t.database.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, m.owner.id), eq(userBlocks.blockedId, m.blocked.id)));
    try {
      expect(await seen(m.blocked.c, m.owner)).toEqual(everything(m.owner, 200));
      expect(await seen(m.owner.c, m.blocked)).toEqual(everything(m.blocked, 200));
    } finally {
      await t.database.db.insert(userBlocks).values({ blockerId: m.owner.id, blockedId: m.blocked.id });
    }
  });

  it('anonymous mode keeps the photos with the profile page: both open by link, neither listed', async () => {
    expect(await seen(m.fan.c, m.anon)).toEqual(everything(m.anon, 200));
    expect((await m.fan.c.get(`/api/v1/profiles/${m.anon.id}`)).status).toBe(200);
    const listed = await m.fan.c.get('/api/v1/members?sort=newest&limit=60');
    expect((listed.json.items as { userId: string }[]).map((x) => x.userId)).not.toContain(m.anon.id);
  });

  it('the profile page hides exactly when the photos do', async () => {
    for (const [viewer, owner, status] of [
      [m.blocked.c, m.owner, 404],
      [m.owner.c, m.blocked, 404],
      [m.fan.c, m.half, 404],
      [m.half.c, m.half, 200],
      [m.fan.c, m.owner, 200],
    ] as const) {
      expect((await viewer.get(`/api/v1/profiles/${owner.id}`)).status).toBe(status);
      expect((await gallery(viewer, owner)).status).toBe(status);
    }
  });

  it('an unfinished profile’s photos are seen by its owner only', async () => {
    expect(await seen(m.fan.c, m.half)).toEqual(everything(m.half, 404));
    expect(await seen(m.half.c, m.half)).toEqual(everything(m.half, 200));
    // being unfinished hides only their own: they still see others' photos
    expect(await seen(m.half.c, m.fan)).toEqual(everything(m.fan, 200));
  });

  it('a hidden gallery or file answers exactly as an unknown one does', async () => {
    const unknownGallery = await m.fan.c.get('/api/v1/media/user/no-such-member');
    expect(unknownGallery.status).toBe(404);
    const unknownFile = await fetchFile(m.fan.c, `/api/v1/media/file/${m.owner.id}/gallery_1_thumb.webp`);
    expect(unknownFile.status).toBe(404);
    for (const [viewer, owner] of [
      [m.blocked.c, m.owner],
      [m.owner.c, m.blocked],
      [m.fan.c, m.half],
    ] as const) {
      expect((await gallery(viewer, owner)).json).toEqual(unknownGallery.json);
      for (const url of owner.files) expect((await fetchFile(viewer, url)).body).toBe(unknownFile.body);
    }
  });
});

describe('a file a browser keeps is asked for again, and answered as the viewer may see it now', () => {
  /** A GET of `url` as `viewer`'s browser sends it, revalidating with `etag` when given. */
  async function get(viewer: Client, url: string, headers: Record<string, string> = {}) {
    const res = await t.app.request(url, { headers: { origin: ORIGIN, cookie: cookieOf(viewer), ...headers } });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, etag: res.headers.get('etag'), cacheControl: res.headers.get('cache-control'), body };
  }
  /** A fresh owner, a viewer who may see them, and one gallery photo of the owner's. */
  async function galleryPhoto(name: string) {
    const owner = await finishedMember(t, `${name}_owner`, { city: 'Leeds' });
    const viewer = await finishedMember(t, `${name}_viewer`, { city: 'Leeds' });
    const photo = await uploadOk(owner.c, 'gallery');
    return { owner, viewer: viewer.c, photo, url: photo.url };
  }
  /** What the viewer's browser got the first time: the file, marked to be revalidated, with its ETag. */
  async function firstFetch(viewer: Client, url: string) {
    const first = await get(viewer, url);
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('private, no-cache');
    expect(first.etag).toMatch(/^"[^"]+"$/);
    return first.etag!;
  }

  it('a gallery file answers private, no-cache with an ETag; a revalidation answers 304 without the file, a range 206', async () => {
    const { viewer, url } = await galleryPhoto('etag_ok');
    const etag = await firstFetch(viewer, url);
    const again = await get(viewer, url, { 'if-none-match': etag });
    expect(again).toMatchObject({ status: 304, etag, cacheControl: 'private, no-cache' });
    expect(again.body.length).toBe(0);
    // a list, or the weak form of the same tag, matches too; another tag gets the file
    expect((await get(viewer, url, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get(viewer, url, { 'if-none-match': '"other"' })).status).toBe(200);
    // a range of the file carries the same ETag
    const part = await get(viewer, url, { range: 'bytes=0-9' });
    expect(part).toMatchObject({ status: 206, etag, cacheControl: 'private, no-cache' });
    expect(part.body.length).toBe(10);
  });

  it('after the owner blocks the viewer, the same revalidation gets 404, not 304', async () => {
    const { owner, viewer, url } = await galleryPhoto('etag_block');
    const etag = await firstFetch(viewer, url);
    expect((await get(viewer, url, { 'if-none-match': etag })).status).toBe(304);
    const viewerId = (await viewer.get('/api/v1/me')).json.user.id as string;
    await t.database.db.insert(userBlocks).values({ blockerId: owner.id, blockedId: viewerId });
    const refused = await get(viewer, url, { 'if-none-match': etag });
    expect(refused.status).toBe(404);
    expect(refused.etag).toBeNull();
    // the owner still revalidates their own
    expect((await get(owner.c, url, { 'if-none-match': await firstFetch(owner.c, url) })).status).toBe(304);
  });

  it('once the photo becomes pay-per-view, or is held for review, the revalidation gets 404, not 304', async () => {
    const { viewer, photo, url } = await galleryPhoto('etag_ppv');
    const etag = await firstFetch(viewer, url);
    expect((await get(viewer, url, { 'if-none-match': etag })).status).toBe(304);
    await t.database.db.update(media).set({ visibility: 'ppv' }).where(eq(media.id, photo.id));
    expect((await get(viewer, url, { 'if-none-match': etag })).status).toBe(404);

    await t.database.db.update(media).set({ visibility: 'members' }).where(eq(media.id, photo.id));
    expect((await get(viewer, url, { 'if-none-match': etag })).status).toBe(304);
    await t.database.db.update(media).set({ underReview: true }).where(eq(media.id, photo.id));
    expect((await get(viewer, url, { 'if-none-match': etag })).status).toBe(404);
  });
});
