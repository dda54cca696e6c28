import { Hono } from 'hono';
import { profileViewsQuerySchema } from '@velvet/core/schemas/profile-view.schema';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readQuery } from '../../middleware/validate';
import type { ProfileViewsService } from './profile-views.service';

/** /api/v1/profile-views: who looked at the signed-in member. Always the caller's own; no member id is taken. */
export function profileViewsRoutes(service: ProfileViewsService) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      return c.json(await service.list(user.id, readQuery(c, profileViewsQuerySchema)));
    })
    .get('/today', async (c) => c.json(await service.today(requireUser(c).id)));
}
