import { Hono } from 'hono';
import { memberParamsSchema } from '@velvet/core/schemas/id.schema';
import {
  blockInputSchema,
  blockResponseSchema,
  blocksResponseSchema,
  privacySettingsResponseSchema,
  privacySettingsUpdateSchema,
  unblockResponseSchema,
} from '@velvet/core/schemas/privacy.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params } from '../../middleware/validate';
import type { PrivacyService } from './privacy.service';

const doc = (d: RouteDoc) => describe('Privacy', d);

/** /api/v1/privacy: the signed-in member's own toggles. No member id is taken. */
export function privacyRoutes(service: PrivacyService) {
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({ summary: 'My privacy settings', response: privacySettingsResponseSchema, errors: { 404: 'No profile yet' } }),
      async (c) => c.json({ settings: await service.settings(requireUser(c).id) }),
    )
    .patch(
      '/',
      doc({ summary: 'Change one or more privacy settings', response: privacySettingsResponseSchema, errors: { 404: 'No profile yet' } }),
      json(privacySettingsUpdateSchema),
      async (c) => c.json({ settings: await service.updateSettings(requireUser(c).id, c.req.valid('json')) }),
    );
}

/** /api/v1/blocks: the members the signed-in member blocked. Always the caller's own blocks. */
export function blocksRoutes(service: PrivacyService) {
  return new Hono<AppEnv>()
    .get('/', doc({ summary: 'Members I blocked, newest first', response: blocksResponseSchema }), async (c) =>
      c.json({ items: await service.blocks(requireUser(c).id) }),
    )
    .put(
      '/:userId',
      doc({
        summary: 'Block a member (201; 200 when already blocked, which changes nothing)',
        response: blockResponseSchema,
        status: 201,
        errors: { 404: 'No such member' },
      }),
      params(memberParamsSchema),
      json(blockInputSchema),
      async (c) => {
        const { created, block } = await service.block(requireUser(c).id, c.req.valid('param').userId, c.req.valid('json').reason);
        return c.json({ block }, created ? 201 : 200);
      },
    )
    .delete(
      '/:userId',
      doc({ summary: 'Unblock a member (200 also when not blocked)', response: unblockResponseSchema, errors: { 404: 'No such member' } }),
      params(memberParamsSchema),
      async (c) => {
        await service.unblock(requireUser(c).id, c.req.valid('param').userId);
        return c.json({ blocked: false as const });
      },
    );
}
