import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { z } from 'zod';
import { fileTypeFromFile } from 'file-type';
import { messages } from '@velvet/core/messages';
import { limits } from '@velvet/core/constants/limits';
import {
  CONTENT_PAGE_SIZE,
  contentUploadFieldsSchema,
  type ContentCategory,
  type ContentItem,
  type ContentMediaType,
  type ContentPage,
  type ContentUpdate,
  contentCursorSchema,
  hotCursorSchema,
  type ContentCursor,
  type HotCursor,
} from '@velvet/core/schemas/content.schema';
import type { Logger } from '../../logger';
import { AppError } from '../../middleware/errors';
import type { CursorCodec } from '../../lib/keyset-cursor';
import { processImage, type ImageType } from '../../images/process-image';
import { processVideo, type VideoType } from '../../images/process-video';
import { ObjectExistsError, type Storage } from '../../storage/storage';
import { canView, mediaFileUrl, type MediaService, type Viewer } from '../media/media.public';
import type { ContentRepository, ContentRow, ListedItem } from './content.repository';
import type { ReceivedUpload } from './content.upload';

const m = messages.content;
const notFound = () => new AppError(404, 'NOT_FOUND', m.notFound);
const notYours = () => new AppError(403, 'NOT_YOURS', m.notYours);
const invalidType = () => new AppError(400, 'INVALID_FILE_TYPE', m.invalidType);
const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', m.tooLarge);
const required = () => new AppError(400, 'VALIDATION_FAILED', m.required);

const IMAGE_TYPES: Record<string, ImageType> = {
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/gif': 'image/gif',
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
};
const VIDEO_TYPES: Record<string, VideoType> = {
  'video/mp4': 'video/mp4',
  'video/quicktime': 'video/quicktime',
  'video/webm': 'video/webm',
};
const KEY_ATTEMPTS = 5;
/** The preview others get of a premium or pay-per-view item: a few pixels across, scaled up and blurred. */
const PREVIEW_SIDE = 480;
const PREVIEW_PIXELS = 16;

export interface ContentServiceDeps {
  repo: ContentRepository;
  storage: Storage;
  log: Logger;
  /** the photos module's delete (row and files) */
  media: Pick<MediaService, 'remove'>;
  /** refuses (403) a member without an approved creator verification: premium and pay-per-view need one */
  requireCreator: (userId: string) => Promise<void>;
  cursors: CursorCodec;
  now?: () => number;
}

export function contentService({ repo, storage, log, media, requireCreator, cursors, now = Date.now }: ContentServiceDeps) {
  async function removeObjects(keys: (string | null)[]) {
    await Promise.all(
      keys
        .filter((k): k is string => !!k)
        .map((key) => storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete a stored object'))),
    );
  }

  /** Stores every object of one item under fresh `{userId}/content_{stamp}…` keys, all or none. */
  async function putAll(userId: string, parts: { suffix: string; write: (key: string) => Promise<void> }[]): Promise<string[]> {
    let stamp = now();
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++, stamp++) {
      const written: string[] = [];
      try {
        for (const part of parts) {
          const key = `${userId}/content_${stamp}${part.suffix}`;
          await part.write(key);
          written.push(key);
        }
        return written;
      } catch (err) {
        await removeObjects(written);
        if (err instanceof ObjectExistsError) continue;
        throw err;
      }
    }
    throw new Error(`no free storage key for ${userId}/content after ${KEY_ATTEMPTS} attempts`);
  }

  const preview = async (image: Buffer) => {
    const tiny = await sharp(image).resize({ width: PREVIEW_PIXELS, height: PREVIEW_PIXELS, fit: 'inside' }).toBuffer();
    return sharp(tiny).resize({ width: PREVIEW_SIDE, height: PREVIEW_SIDE, fit: 'inside' }).blur(6).webp({ quality: 60 }).toBuffer();
  };
  const putBuffer = (buffer: Buffer, contentType: string) => (key: string) => storage.put(key, buffer, { contentType });

  function toItem(item: ListedItem, viewer: Viewer): ContentItem {
    const { row } = item;
    const locked = !canView(row, viewer);
    return {
      id: row.id,
      owner: { id: row.ownerId, ...item.owner },
      title: row.title ?? '',
      description: row.description ?? '',
      mediaType: row.mediaType === 'video' ? 'video' : 'image',
      visibility: row.visibility === 'ppv' || row.visibility === 'premium' ? row.visibility : 'public',
      priceCents: row.priceCents,
      locked,
      url: locked ? null : mediaFileUrl(row.storageKey),
      thumbUrl: locked ? (row.previewKey ? mediaFileUrl(row.previewKey) : null) : row.thumbKey ? mediaFileUrl(row.thumbKey) : null,
      width: row.width,
      height: row.height,
      durationMs: row.durationMs,
      fabCount: item.fabCount,
      fabbed: item.fabbed,
      mine: row.ownerId === viewer.id,
      underReview: row.underReview,
      createdAt: row.createdAt.toISOString(),
    };
  }

  const viewerOf = async (user: { id: string; role?: string | null }): Promise<Viewer> => ({
    id: user.id,
    role: user.role,
    premium: await repo.isPremium(user.id),
  });

  /** A list's page link from the request, checked against its core schema and the list it came from. */
  const after = <T>(cursor: string | undefined, schema: z.ZodType<T>, scope: string): T | undefined =>
    cursor ? cursors.open(cursor, schema, scope) : undefined;

  function page<I extends ListedItem>(viewer: Viewer, items: I[], scope: string, keysOf: (last: I) => unknown): ContentPage {
    const shown = cursors.page(items, CONTENT_PAGE_SIZE, scope, keysOf);
    return { items: shown.rows.map((i) => toItem(i, viewer)), nextCursor: shown.nextCursor };
  }

  async function mustOwn(userId: string, id: string): Promise<ContentRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound();
    if (row.ownerId !== userId) throw notYours();
    return row;
  }

  return {
    /**
     * A new photo or video from a streamed upload (content.upload.ts). The fields are checked with the
     * shared schema, the type comes from the file's bytes; images are re-encoded as every image is
     * (process-image.ts), videos remuxed without metadata with a poster frame (process-video.ts). A
     * blurred preview is made for everyone not entitled to see it. Files first, then the row; files
     * removed again when anything fails: no row and no file is left behind.
     */
    async upload(user: { id: string; role?: string | null }, upload: ReceivedUpload): Promise<ContentItem> {
      const parsed = contentUploadFieldsSchema.safeParse(upload.fields);
      if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? m.required);
      const fields = parsed.data;
      if (!upload.file || upload.file.bytes === 0) throw required();
      if (upload.file.bytes >= limits.contentFileMaxBytes) throw tooLarge();
      if (fields.visibility !== 'public') await requireCreator(user.id);

      const detected = await fileTypeFromFile(upload.file.path).catch(() => undefined);
      const imageType = detected && IMAGE_TYPES[detected.mime];
      const videoType = detected && VIDEO_TYPES[detected.mime];
      let mediaType: ContentMediaType;
      let keys: string[];
      let meta: { contentType: string; width: number; height: number; bytes: number; durationMs: number | null };
      if (imageType) {
        const image = await processImage(await readFile(upload.file.path), {
          types: Object.values(IMAGE_TYPES),
          maxBytes: limits.contentFileMaxBytes,
          invalid: invalidType,
          tooLarge,
        });
        const blurred = await preview(image.thumb.buffer);
        mediaType = 'image';
        keys = await putAll(user.id, [
          { suffix: '.webp', write: putBuffer(image.main.buffer, image.main.contentType) },
          { suffix: '_thumb.webp', write: putBuffer(image.thumb.buffer, image.thumb.contentType) },
          { suffix: '_preview.webp', write: putBuffer(blurred, 'image/webp') },
        ]);
        meta = { ...image.main, bytes: image.main.buffer.length, durationMs: null };
      } else if (videoType) {
        const out = path.join(upload.dir, 'remuxed');
        const video = await processVideo(upload.file.path, out, videoType);
        const poster = await processImage(video.poster, { invalid: invalidType, maxBytes: limits.contentFileMaxBytes });
        const blurred = await preview(poster.thumb.buffer);
        const { size } = await stat(out);
        mediaType = 'video';
        keys = await putAll(user.id, [
          {
            suffix: `.${video.ext}`,
            write: (key) => storage.putFile(key, out, { contentType: video.contentType }),
          },
          { suffix: '_thumb.webp', write: putBuffer(poster.main.buffer, poster.main.contentType) },
          { suffix: '_preview.webp', write: putBuffer(blurred, 'image/webp') },
        ]);
        meta = { contentType: video.contentType, width: video.width, height: video.height, bytes: size, durationMs: video.durationMs };
      } else {
        throw invalidType();
      }

      const [storageKey, thumbKey, previewKey] = keys as [string, string, string];
      let row: ContentRow;
      try {
        row = await repo.insert({
          ownerId: user.id,
          kind: 'content',
          storageKey,
          thumbKey,
          previewKey,
          contentType: meta.contentType,
          width: meta.width,
          height: meta.height,
          bytes: meta.bytes,
          durationMs: meta.durationMs,
          mediaType,
          title: fields.title,
          description: fields.description,
          visibility: fields.visibility,
          priceCents: fields.priceCents,
        });
      } catch (err) {
        await removeObjects(keys);
        throw err;
      }
      const viewer = await viewerOf(user);
      return toItem(
        { row, owner: { username: null, displayName: null, avatarUrl: null }, fabCount: 0, fabbed: false, key: { t: '', id: row.id } },
        viewer,
      );
    },

    async get(user: { id: string; role?: string | null }, id: string): Promise<ContentItem> {
      const found = await repo.findFor(id, user.id);
      if (!found) throw notFound();
      return toItem(found, await viewerOf(user));
    },

    async list(
      user: { id: string; role?: string | null },
      scope: { kind: 'new' } | { kind: 'mine' } | { kind: 'category'; category: ContentCategory },
      query: { cursor?: string; type?: ContentMediaType },
    ): Promise<ContentPage> {
      const listed = `content:${scope.kind === 'category' ? `category:${scope.category}` : scope.kind}:${query.type ?? 'all'}:${user.id}`;
      const from = after(query.cursor, contentCursorSchema, listed);
      const items = await repo.listNewest(user.id, scope, { type: query.type, after: from, limit: CONTENT_PAGE_SIZE + 1 });
      return page(await viewerOf(user), items, listed, (last): ContentCursor => last.key);
    },

    async fabbed(user: { id: string; role?: string | null }, query: { cursor?: string; type?: ContentMediaType }): Promise<ContentPage> {
      const listed = `content:fabbed:${query.type ?? 'all'}:${user.id}`;
      const from = after(query.cursor, contentCursorSchema, listed);
      const items = await repo.listFabbed(user.id, { type: query.type, after: from, limit: CONTENT_PAGE_SIZE + 1 });
      return page(await viewerOf(user), items, listed, (last): ContentCursor => last.key);
    },

    async hot(user: { id: string; role?: string | null }, query: { cursor?: string; type?: ContentMediaType }): Promise<ContentPage> {
      const listed = `content:hot:${query.type ?? 'all'}:${user.id}`;
      const from = after(query.cursor, hotCursorSchema, listed);
      const items = await repo.listHot(user.id, { type: query.type, after: from, limit: CONTENT_PAGE_SIZE + 1 });
      return page(await viewerOf(user), items, listed, (last): HotCursor => last.hotKey);
    },

    /** The member's own photo and video counts (their profile's stats). */
    counts(userId: string) {
      return repo.countOwn(userId);
    },

    /** Fab (or un-Fab) an item the member may see: one per member per item. */
    async fab(userId: string, id: string, on: boolean): Promise<{ fabbed: boolean; fabCount: number }> {
      const found = await repo.findFor(id, userId);
      if (!found) throw notFound();
      return { fabbed: on, fabCount: await repo.setFab(id, userId, on, found.row.ownerId) };
    },

    /** The owner's edit: title, description, who sees it and the price (premium and pay-per-view need an approved creator). */
    async update(user: { id: string; role?: string | null }, id: string, input: ContentUpdate): Promise<ContentItem> {
      await mustOwn(user.id, id);
      if (input.visibility !== 'public') await requireCreator(user.id);
      const row = await repo.updateOwned(id, user.id, input);
      if (!row) throw notFound();
      const found = await repo.findFor(id, user.id);
      if (!found) throw notFound();
      return toItem(found, await viewerOf(user));
    },

    /** The owner deletes an item: its row, its Fabs and its files. */
    async remove(userId: string, id: string): Promise<void> {
      await mustOwn(userId, id);
      await media.remove(userId, id);
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;
