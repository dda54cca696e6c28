import { Hono } from 'hono';
import {
  activityPageSchema,
  activityParamsSchema,
  activityQuerySchema,
  activityReadAllSchema,
  activityUnreadSchema,
  hotlistUpdatesSchema,
} from '@velvet/core/schemas/activity.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { params, query } from '../../middleware/validate';
import type { ActivityService } from './activity.service';

const doc = (d: RouteDoc) => describe('Activities', d);

/** /api/v1/activities: the caller's own Updates feed and notifications. */
export function activityRoutes(service: ActivityService) {
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({ summary: 'My updates and notifications, newest first (keyset pages)', response: activityPageSchema }),
      query(activityQuerySchema),
      async (c) => c.json(await service.feed(requireUser(c).id, c.req.valid('query'))),
    )
    .get(
      '/unread-count',
      doc({ summary: 'How many of my notifications are unread (up to 100)', response: activityUnreadSchema }),
      async (c) => c.json(await service.unread(requireUser(c).id)),
    )
    .get(
      '/hotlist',
      doc({ summary: 'The latest update (new content) of each member on my hotlist', response: hotlistUpdatesSchema }),
      async (c) => c.json(await service.hotlistUpdates(requireUser(c).id)),
    )
    .post('/read-all', doc({ summary: 'Mark all my notifications read', response: activityReadAllSchema }), async (c) =>
      c.json(await service.markAllRead(requireUser(c).id)),
    )
    .post(
      '/:id/read',
      doc({ summary: 'Mark one of my notifications read', errors: { 404: 'No such notification of mine' } }),
      params(activityParamsSchema),
      async (c) => {
        await service.markRead(requireUser(c).id, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}
