import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
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
import { AppError } from '../../middleware/errors';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params } from '../../middleware/validate';
import { describe, type RouteDoc } from '../../middleware/openapi';
import type { MediaService } from './media.service';

/**
 * The upload body: the image (under 5 MB, checked exactly on its bytes) plus the multipart framing.
 * The app-wide 1 MB JSON limit skips this one route (app.ts).
 */
export const UPLOAD_BODY_MAX_BYTES = limits.imageMaxBytes + 1024 * 1024;

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
        summary: 'A stored image (only to those who may see its owner)',
        content: Object.fromEntries(ACCEPTED_IMAGE_TYPES.map((type) => [type, { schema: binary }])),
        errors: { 404: 'No such image, or not one the member may see' },
      }),
      async (c) => {
        const user = requireUser(c);
        const object = await service.open(user, c.req.param('key'));
        const body = Readable.toWeb(object.body) as WebReadableStream<Uint8Array>;
        return c.body(body as unknown as ReadableStream, 200, {
          'Content-Type': object.contentType,
          'Content-Length': String(object.size),
          'Cache-Control': object.cacheControl,
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Content-Disposition': 'inline',
        });
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
