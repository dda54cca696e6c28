import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { messages } from '@velvet/core/messages';
import { galleryOrderSchema, PROFILE_IMAGE_KINDS, type ProfileImageKind } from '@velvet/core/schemas/media.schema';
import { limits } from '@velvet/core/constants/limits';
import { AppError } from '../../middleware/errors';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readJson } from '../../middleware/validate';
import type { MediaService } from './media.service';

/**
 * The upload body: the image (under 5 MB, checked exactly on its bytes) plus the multipart framing.
 * The app-wide 1 MB JSON limit skips this one route (app.ts).
 */
export const UPLOAD_BODY_MAX_BYTES = limits.imageMaxBytes + 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isKind = (value: unknown): value is ProfileImageKind =>
  typeof value === 'string' && (PROFILE_IMAGE_KINDS as readonly string[]).includes(value);

/** Signed out: the uploader's own words (spec §5), before a byte of the body is read. */
const signedInToUpload = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new AppError(401, 'UNAUTHENTICATED', messages.uploads.signInRequired);
  await next();
});

const uploadLimit = bodyLimit({
  maxSize: UPLOAD_BODY_MAX_BYTES,
  onError: () => {
    throw new AppError(413, 'IMAGE_TOO_LARGE', messages.uploads.imageTooLarge);
  },
});

export function mediaRoutes(service: MediaService) {
  return new Hono<AppEnv>()
    .post('/', signedInToUpload, uploadLimit, async (c) => {
      const user = requireUser(c);
      let form: Record<string, string | File>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw new AppError(400, 'INVALID_IMAGE', messages.uploads.invalidImage);
      }
      const { kind, file } = form;
      if (!isKind(kind)) throw new AppError(400, 'INVALID_KIND', messages.uploads.invalidKind);
      if (!(file instanceof File)) throw new AppError(400, 'INVALID_IMAGE', messages.uploads.invalidImage);
      const media = await service.upload(user.id, kind, Buffer.from(await file.arrayBuffer()));
      return c.json({ media }, 201);
    })
    .get('/file/:key{.+}', async (c) => {
      const user = requireUser(c);
      const object = await service.open(user.id, c.req.param('key'));
      const body = Readable.toWeb(object.body) as WebReadableStream<Uint8Array>;
      return c.body(body as unknown as ReadableStream, 200, {
        'Content-Type': object.contentType,
        'Content-Length': String(object.size),
        'Cache-Control': object.cacheControl,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Content-Disposition': 'inline',
      });
    })
    .get('/user/:userId', async (c) => {
      const user = requireUser(c);
      return c.json({ media: await service.gallery(c.req.param('userId'), user.id) });
    })
    .put('/order', async (c) => {
      const user = requireUser(c);
      const { ids } = await readJson(c, galleryOrderSchema);
      return c.json({ media: await service.reorder(user.id, ids) });
    })
    .delete('/:id', async (c) => {
      const user = requireUser(c);
      const id = c.req.param('id');
      if (!UUID.test(id)) throw new AppError(404, 'NOT_FOUND', messages.uploads.notFound);
      await service.remove(user.id, id);
      return c.body(null, 204);
    });
}
