import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { messages } from '@velvet/core/messages';
import {
  ACCEPTED_IMAGE_TYPES,
  galleryOrderSchema,
  mediaListResponseSchema,
  mediaResponseSchema,
  PROFILE_IMAGE_KINDS,
  type ProfileImageKind,
} from '@velvet/core/schemas/media.schema';
import { memberParamsSchema, photoParamsSchema } from '@velvet/core/schemas/id.schema';
import { limits } from '@velvet/core/constants/limits';
import { bodyLimit } from '../../middleware/body-limit';
import { AppError } from '../../middleware/errors';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params } from '../../middleware/validate';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { RangeNotSatisfiableError, type ByteRange } from '../../storage/storage';
import { MEDIA_CACHE_CONTROL, type MediaService } from './media.service';

/**
 * The upload body: the image (under 5 MB, checked exactly on its bytes) plus the multipart framing.
 * The app-wide 1 MB JSON limit skips this one route (app.ts).
 */
export const UPLOAD_BODY_MAX_BYTES = limits.imageMaxBytes + 1024 * 1024;

/**
 * One byte range of a Range header (`bytes=0-`, `bytes=100-199`, `bytes=-500`), as browsers send to
 * play and seek a video; anything else (several ranges, another unit, nonsense) is served whole.
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header && /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') return { suffix: Number(to) };
  const start = Number(from);
  if (to === '') return { start };
  const end = Number(to);
  return end < start ? undefined : { start, end };
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: `*`, or a list compared weakly,
 * so `W/"x"` matches `"x"`).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

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

const doc = (d: RouteDoc) => describe('Photos', d);
const binary = { type: 'string', format: 'binary' } as const;

export function mediaRoutes(service: MediaService) {
  return new Hono<AppEnv>()
    .post(
      '/',
      // first: a visitor gets the uploader's own words (before the generic sign-in check of `doc`)
      signedInToUpload,
      doc({
        summary: `Upload a photo (avatar, cover or gallery): ${ACCEPTED_IMAGE_TYPES.join(', ')}, re-encoded by the server`,
        response: mediaResponseSchema,
        status: 201,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { kind: { type: 'string', enum: [...PROFILE_IMAGE_KINDS] }, file: binary },
                required: ['kind', 'file'],
              },
            },
          },
        },
        errors: { 409: 'The gallery is full', 413: 'The image is too large', 429: 'Too many uploads' },
      }),
      uploadLimit,
      async (c) => {
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
      },
    )
    .get(
      '/file/:key{.+}',
      doc({
        summary:
          'A stored image or video (only to those who may see its owner and are entitled to it); single byte ranges answer 206; ' +
          'revalidated on every use (private, no-cache): a matching If-None-Match answers 304 while the member may still see it',
        content: Object.fromEntries(ACCEPTED_IMAGE_TYPES.map((type) => [type, { schema: binary }])),
        errors: { 404: 'No such image, or not one the member may see', 416: 'The range is outside the file' },
      }),
      async (c) => {
        const user = requireUser(c);
        const range = parseRange(c.req.header('range'));
        let object;
        try {
          // the access check: whoever may not see the file gets 404 here, never a 304 below
          object = await service.open(user, c.req.param('key'), range);
        } catch (err) {
          if (!(err instanceof RangeNotSatisfiableError)) throw err;
          return c.body(null, 416, { 'Content-Range': `bytes */${err.size}`, 'Accept-Ranges': 'bytes' });
        }
        // decided now, not stored with the file: who may see it can change after the upload
        const validators = { ETag: object.etag, 'Cache-Control': MEDIA_CACHE_CONTROL };
        if (etagMatches(c.req.header('if-none-match'), object.etag)) {
          object.body.destroy();
          return c.body(null, 304, validators);
        }
        const body = Readable.toWeb(object.body) as WebReadableStream<Uint8Array>;
        const headers: Record<string, string> = {
          ...validators,
          'Content-Type': object.contentType,
          'Content-Length': String(object.size),
          'Accept-Ranges': 'bytes',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Content-Disposition': 'inline',
        };
        if (!object.range) return c.body(body as unknown as ReadableStream, 200, headers);
        const { start, end } = object.range;
        headers['Content-Length'] = String(end - start + 1);
        headers['Content-Range'] = `bytes ${start}-${end}/${object.size}`;
        return c.body(body as unknown as ReadableStream, 206, headers);
      },
    )
    .get(
      '/user/:userId',
      doc({
        summary: "A member's gallery, as far as the viewer may see it",
        response: mediaListResponseSchema,
        errors: { 404: 'No such member, or not one the viewer may see' },
      }),
      params(memberParamsSchema),
      async (c) => c.json({ media: await service.gallery(c.req.valid('param').userId, requireUser(c)) }),
    )
    .put(
      '/order',
      doc({ summary: "Reorder the member's gallery", response: mediaListResponseSchema }),
      json(galleryOrderSchema),
      async (c) => c.json({ media: await service.reorder(requireUser(c).id, c.req.valid('json').ids) }),
    )
    .delete(
      '/:id',
      doc({ summary: "Delete one of the member's photos", errors: { 403: 'Not yours', 404: 'No such photo' } }),
      params(photoParamsSchema),
      async (c) => {
        await service.remove(requireUser(c).id, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
