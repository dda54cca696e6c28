import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { messages } from '@velvet/core/messages';
import { limits } from '@velvet/core/constants/limits';
import { memberParamsSchema } from '@velvet/core/schemas/id.schema';
import {
  myVerificationsResponseSchema,
  rejectVerificationSchema,
  VERIFICATION_TYPES,
  verificationParamsSchema,
  verificationQueueResponseSchema,
  verificationResponseSchema,
  verificationSummaryResponseSchema,
  verificationTypeSchema,
} from '@velvet/core/schemas/verification.schema';
import { bodyLimit } from '../../middleware/body-limit';
import { AppError } from '../../middleware/errors';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params } from '../../middleware/validate';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { VERIFICATION_PHOTO_CACHE_CONTROL, type VerificationService } from './verification.service';

const m = messages.verification;

/** The photo (under 5 MB, checked exactly on its bytes) plus the form and the multipart framing. */
export const VERIFICATION_BODY_MAX_BYTES = limits.imageMaxBytes + 1024 * 1024;

const doc = (d: RouteDoc) => describe('Verification', d);
const adminDoc = (d: Omit<RouteDoc, 'role'>) => describe('Verification queue', { ...d, role: 'moderator' });
const binary = { type: 'string', format: 'binary' } as const;

const uploadLimit = bodyLimit({
  maxSize: VERIFICATION_BODY_MAX_BYTES,
  onError: () => {
    throw new AppError(413, 'IMAGE_TOO_LARGE', m.tooLarge);
  },
});

/** Serves a stored image as a download-proof inline file (no sniffing, no script), kept by no cache. */
function imageResponse(
  c: { body: (body: ReadableStream, status: 200, headers: Record<string, string>) => Response },
  object: Awaited<ReturnType<VerificationService['photo']>>,
) {
  const body = Readable.toWeb(object.body) as WebReadableStream<Uint8Array>;
  return c.body(body, 200, {
    'Content-Type': object.contentType,
    'Content-Length': String(object.size),
    'Cache-Control': VERIFICATION_PHOTO_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline',
  });
}

/** The member's side: /api/v1/verifications */
export function verificationRoutes(service: VerificationService) {
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({
        summary: "The member's verification requests (newest first) and their verification summary",
        response: myVerificationsResponseSchema,
      }),
      async (c) => c.json(await service.mine(requireUser(c).id)),
    )
    .post(
      '/',
      doc({
        summary:
          'Submit a verification: its type, its fields (JSON) and a photo (JPG, PNG or HEIC under 5 MB, re-encoded and kept private)',
        response: verificationResponseSchema,
        status: 201,
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { type: { type: 'string', enum: [...VERIFICATION_TYPES] }, data: { type: 'string' }, file: binary },
                required: ['type', 'data', 'file'],
              },
            },
          },
        },
        errors: {
          403: 'Couple verification is for couples',
          409: 'No profile yet, or one of this type is already under review or approved',
          413: 'The photo is too large',
          429: 'Too many uploads',
        },
      }),
      uploadLimit,
      async (c) => {
        const user = requireUser(c);
        let form: Record<string, string | File>;
        try {
          form = await c.req.parseBody();
        } catch {
          throw new AppError(400, 'INVALID_FORM', m.badFields);
        }
        const type = verificationTypeSchema.safeParse(form.type);
        if (!type.success) throw new AppError(400, 'INVALID_TYPE', m.typeRequired);
        let fields: unknown;
        try {
          fields = typeof form.data === 'string' ? JSON.parse(form.data) : undefined;
        } catch {
          fields = undefined;
        }
        if (fields === undefined) throw new AppError(400, 'INVALID_FIELDS', m.badFields);
        const file = form.file;
        if (!(file instanceof File)) throw new AppError(400, 'PHOTO_REQUIRED', m.photoRequired);
        const verification = await service.submit(user.id, {
          type: type.data,
          fields,
          file: { name: file.name, bytes: Buffer.from(await file.arrayBuffer()) },
        });
        return c.json({ verification }, 201);
      },
    )
    .get(
      '/summary/:userId',
      doc({
        summary: "A member's verification summary (spec §3), as far as the viewer may see them",
        response: verificationSummaryResponseSchema,
        errors: { 404: 'No such member, or not one the viewer may see' },
      }),
      params(memberParamsSchema),
      async (c) => c.json({ summary: await service.summaryFor(c.req.valid('param').userId, requireUser(c).id) }),
    )
    .get(
      '/:id/photo',
      doc({
        summary: "A verification's private photo: to its member and to moderators only",
        content: { 'image/webp': { schema: binary } },
        errors: { 404: 'No such verification, or not one the member may see' },
      }),
      params(verificationParamsSchema),
      async (c) => imageResponse(c, await service.photo(requireUser(c), c.req.valid('param').id)),
    );
}

/** The moderators' side: /api/v1/admin/verifications (403 to everyone else, before anything is read). */
export function verificationAdminRoutes(service: VerificationService) {
  return new Hono<AppEnv>()
    .get(
      '/',
      adminDoc({ summary: 'The verification queue: pending requests, oldest first', response: verificationQueueResponseSchema }),
      async (c) => c.json({ items: await service.queue() }),
    )
    .post(
      '/:id/approve',
      adminDoc({
        summary: 'Approve a verification (photo: Verified; couple, individual, model, vip: their badge; vip: premium membership)',
        response: verificationResponseSchema,
        errors: { 404: 'No such verification', 409: 'Already decided' },
      }),
      params(verificationParamsSchema),
      async (c) => c.json({ verification: await service.decide(requireUser(c).id, c.req.valid('param').id, 'approved', null) }),
    )
    .post(
      '/:id/reject',
      adminDoc({
        summary: 'Reject a verification, with the reason the member is told',
        response: verificationResponseSchema,
        errors: { 404: 'No such verification', 409: 'Already decided' },
      }),
      params(verificationParamsSchema),
      json(rejectVerificationSchema),
      async (c) =>
        c.json({ verification: await service.decide(requireUser(c).id, c.req.valid('param').id, 'rejected', c.req.valid('json').reason) }),
    );
}
