import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import {
  adminMemberParamsSchema,
  adminReportsResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  createReportSchema,
  doneResponseSchema,
  memberActionSchema,
  moderatorDecisionSchema,
  moderatorsResponseSchema,
  reportParamsSchema,
  reportReceiptSchema,
  setRoleSchema,
} from '@velvet/core/schemas/moderation.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params, query } from '../../middleware/validate';
import type { ModerationService } from './moderation.service';

const ok = { ok: true } as const;

/** POST /api/v1/reports: a member reports a member, a message or a photo. */
export function reportsRoutes(service: ModerationService) {
  return new Hono<AppEnv>().post(
    '/',
    describe('Reports', {
      summary: 'Report a member, a message one received, or a photo (201; 200 when the same open report exists)',
      response: reportReceiptSchema,
      status: 201,
      errors: { 404: 'No such member, message or photo the member may see' },
    }),
    json(createReportSchema),
    async (c) => {
      const receipt = await service.report(requireUser(c).id, c.req.valid('json'));
      return c.json(receipt, receipt.created ? 201 : 200);
    },
  );
}

const mod = (d: RouteDoc) => describe('Moderation', { ...d, role: 'moderator' });
const admin = (d: RouteDoc) => describe('Moderation', { ...d, role: 'admin' });
const reportErrors = { 404: 'No such report', 409: 'The report was already decided' } as const;
const memberErrors = {
  403: 'The member is an admin, or the moderator themself',
  404: 'No such member or report',
  409: 'The report was already decided',
} as const;

/** /api/v1/admin: moderators (and admins) only; every other caller gets 403 before anything is read. */
export function adminRoutes(service: ModerationService) {
  return new Hono<AppEnv>()
    .get('/reports', mod({ summary: 'Open reports, oldest first', response: adminReportsResponseSchema }), async (c) =>
      c.json({ items: await service.queue() }),
    )
    .get(
      '/reports/:id/photo',
      mod({
        summary: 'The kept copy of a reported photo',
        content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
        errors: { 404: 'No such report, or no photo kept' },
      }),
      params(reportParamsSchema),
      async (c) => {
        const object = await service.keptPhoto(c.req.valid('param').id);
        const body = Readable.toWeb(object.body) as WebReadableStream<Uint8Array>;
        return c.body(body as unknown as ReadableStream, 200, {
          'Content-Type': object.contentType,
          'Content-Length': String(object.size),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        });
      },
    )
    .post(
      '/reports/:id/dismiss',
      mod({ summary: 'Dismiss a report (no breach)', response: doneResponseSchema, errors: reportErrors }),
      params(reportParamsSchema),
      json(moderatorDecisionSchema),
      async (c) => {
        await service.dismiss(requireUser(c), c.req.valid('param').id, c.req.valid('json').reason);
        return c.json(ok);
      },
    )
    .post(
      '/reports/:id/remove',
      mod({ summary: 'Remove the reported message or photo', response: doneResponseSchema, errors: reportErrors }),
      params(reportParamsSchema),
      json(moderatorDecisionSchema),
      async (c) => {
        await service.removeContent(requireUser(c), c.req.valid('param').id, c.req.valid('json').reason);
        return c.json(ok);
      },
    )
    .post(
      '/members/:userId/warn',
      mod({ summary: 'Warn a member (mailed and recorded)', response: doneResponseSchema, errors: memberErrors }),
      params(adminMemberParamsSchema),
      json(memberActionSchema),
      async (c) => {
        await service.warn(requireUser(c), c.req.valid('param').userId, c.req.valid('json'));
        return c.json(ok);
      },
    )
    .post(
      '/members/:userId/suspend',
      mod({ summary: 'Suspend a member: sessions end at once, sign-in is refused', response: doneResponseSchema, errors: memberErrors }),
      params(adminMemberParamsSchema),
      json(memberActionSchema),
      async (c) => {
        await service.suspend(requireUser(c), c.req.valid('param').userId, c.req.valid('json'));
        return c.json(ok);
      },
    )
    .post(
      '/members/:userId/unsuspend',
      mod({ summary: "Lift a member's suspension", response: doneResponseSchema, errors: memberErrors }),
      params(adminMemberParamsSchema),
      json(moderatorDecisionSchema),
      async (c) => {
        await service.unsuspend(requireUser(c), c.req.valid('param').userId, c.req.valid('json').reason);
        return c.json(ok);
      },
    )
    .get('/suspended', mod({ summary: 'Suspended members', response: moderatorsResponseSchema }), async (c) =>
      c.json({ items: await service.suspended() }),
    )
    .get('/moderators', admin({ summary: 'Moderators and admins', response: moderatorsResponseSchema }), async (c) =>
      c.json({ items: await service.staff() }),
    )
    .put(
      '/roles',
      admin({
        summary: 'Make a member a moderator, or a moderator a member again',
        response: doneResponseSchema,
        errors: { 403: 'The account is an admin, or the caller', 404: 'No account has this email' },
      }),
      json(setRoleSchema),
      async (c) => {
        await service.setRole(requireUser(c), c.req.valid('json'));
        return c.json(ok);
      },
    )
    .get('/audit', admin({ summary: 'The audit log, newest first', response: auditResponseSchema }), query(auditQuerySchema), async (c) =>
      c.json(await service.auditLog(c.req.valid('query'))),
    );
}
