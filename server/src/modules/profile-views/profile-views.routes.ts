import { Hono } from 'hono';
import {
  profileViewsQuerySchema,
  profileViewsResponseSchema,
  profileViewsTodayResponseSchema,
} from '@velvet/core/schemas/profile-view.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { query } from '../../middleware/validate';
import type { ProfileViewsService } from './profile-views.service';

const doc = (d: RouteDoc) => describe('Looked @ Me', d);

/** /api/v1/profile-views: who looked at the signed-in member. Always the caller's own; no member id is taken. */
export function profileViewsRoutes(service: ProfileViewsService) {
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({ summary: 'Who looked at my profile, latest day first', response: profileViewsResponseSchema }),
      query(profileViewsQuerySchema),
      async (c) => c.json(await service.list(requireUser(c).id, c.req.valid('query'))),
    )
    .get('/today', doc({ summary: 'How many members looked today', response: profileViewsTodayResponseSchema }), async (c) =>
      c.json(await service.today(requireUser(c).id)),
    );
}
