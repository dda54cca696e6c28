import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { messages } from '@velvet/core/messages';
import { limits } from '@velvet/core/constants/limits';
import {
  CONTENT_IMAGE_TYPES,
  CONTENT_VIDEO_TYPES,
  contentCategoryQuerySchema,
  contentCountsSchema,
  contentItemResponseSchema,
  contentListQuerySchema,
  contentPageSchema,
  contentParamsSchema,
  contentUpdateSchema,
  fabResponseSchema,
} from '@velvet/core/schemas/content.schema';
import { AppError } from '../../middleware/errors';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params, query } from '../../middleware/validate';
import type { ContentService } from './content.service';
import { receiveUpload } from './content.upload';

const doc = (d: RouteDoc) => describe('Content', d);

/** Signed out: refused before a byte of the body is read. */
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw new AppError(401, 'UNAUTHENTICATED', messages.uploads.signInRequired);
  await next();
});

/** /api/v1/content: creator uploads, the media lists behind the dashboard tiles, Fabs, the owner's edits. */
export function contentRoutes(service: ContentService) {
  return new Hono<AppEnv>()
    .post(
      '/',
      signedIn,
      doc({
        summary: `Upload a photo or video (streamed; under 50 MB; ${[...CONTENT_IMAGE_TYPES, ...CONTENT_VIDEO_TYPES].join(', ')} by its bytes)`,
        response: contentItemResponseSchema,
        status: 201,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  title: { type: 'string' },
                  description: { type: 'string' },
                  payPerView: { type: 'string', enum: ['true', 'false'] },
                  price: { type: 'string', description: 'pounds, e.g. 4.99 (pay-per-view)' },
                  premiumOnly: { type: 'string', enum: ['true', 'false'] },
                  file: { type: 'string', format: 'binary' },
                },
                required: ['title', 'file'],
              },
            },
          },
        },
        errors: {
          403: 'Premium or pay-per-view content needs an approved creator verification',
          413: 'The file is 50 MB or more',
          429: 'Too many uploads',
          503: 'Video processing is not available',
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const upload = await receiveUpload(c.req.raw, limits.contentFileMaxBytes);
        try {
          return c.json({ item: await service.upload(user, upload) }, 201);
        } finally {
          await upload.cleanup();
        }
      },
    )
    .get(
      '/new',
      doc({ summary: 'New Photos/Videos: newest first (keyset pages)', response: contentPageSchema }),
      query(contentListQuerySchema),
      async (c) => c.json(await service.list(requireUser(c), { kind: 'new' }, c.req.valid('query'))),
    )
    .get(
      '/hot',
      doc({
        summary: 'Hot Photos/Videos: the most Fabs in the last 7 days (keyset pages, ranked as of the first page)',
        response: contentPageSchema,
      }),
      query(contentListQuerySchema),
      async (c) => c.json(await service.hot(requireUser(c), c.req.valid('query'))),
    )
    .get(
      '/mine',
      doc({ summary: 'Your Photos/Videos: the member’s own, newest first', response: contentPageSchema }),
      query(contentListQuerySchema),
      async (c) => c.json(await service.list(requireUser(c), { kind: 'mine' }, c.req.valid('query'))),
    )
    .get(
      '/mine/counts',
      doc({ summary: 'How many photos and videos the member has published', response: contentCountsSchema }),
      async (c) => c.json(await service.counts(requireUser(c).id)),
    )
    .get(
      '/fabbed',
      doc({ summary: "Pics you Fab'd: newest Fab first", response: contentPageSchema }),
      query(contentListQuerySchema),
      async (c) => c.json(await service.fabbed(requireUser(c), c.req.valid('query'))),
    )
    .get(
      '/category',
      doc({ summary: "Photos by Category: by the owner's profile kind (individuals, couples, groups)", response: contentPageSchema }),
      query(contentCategoryQuerySchema),
      async (c) => {
        const { category, ...rest } = c.req.valid('query');
        return c.json(await service.list(requireUser(c), { kind: 'category', category }, rest));
      },
    )
    .get(
      '/:id',
      doc({
        summary: 'One item, as the member may see it',
        response: contentItemResponseSchema,
        errors: { 404: 'No such item, or hidden' },
      }),
      params(contentParamsSchema),
      async (c) => c.json({ item: await service.get(requireUser(c), c.req.valid('param').id) }),
    )
    .patch(
      '/:id',
      doc({
        summary: 'Edit one of the member’s items: title, description, who sees it, price',
        response: contentItemResponseSchema,
        errors: { 403: 'Not yours, or premium/pay-per-view without an approved creator verification', 404: 'No such item' },
      }),
      params(contentParamsSchema),
      json(contentUpdateSchema),
      async (c) => c.json({ item: await service.update(requireUser(c), c.req.valid('param').id, c.req.valid('json')) }),
    )
    .delete(
      '/:id',
      doc({ summary: 'Delete one of the member’s items (row, Fabs and files)', errors: { 403: 'Not yours', 404: 'No such item' } }),
      params(contentParamsSchema),
      async (c) => {
        await service.remove(requireUser(c).id, c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .put(
      '/:id/fab',
      doc({ summary: 'Fab an item (one per member per item)', response: fabResponseSchema, errors: { 404: 'No such item, or hidden' } }),
      params(contentParamsSchema),
      async (c) => c.json(await service.fab(requireUser(c).id, c.req.valid('param').id, true)),
    )
    .delete(
      '/:id/fab',
      doc({ summary: 'Take back a Fab', response: fabResponseSchema, errors: { 404: 'No such item, or hidden' } }),
      params(contentParamsSchema),
      async (c) => c.json(await service.fab(requireUser(c).id, c.req.valid('param').id, false)),
    );
}
