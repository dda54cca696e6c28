import { Hono } from 'hono';
import { devicePositionSchema, membersQuerySchema } from '@velvet/core/schemas/member.schema';
import { rateLimit, type QuotaCounter } from '../../middleware/rate-limit';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readJson, readQuery } from '../../middleware/validate';
import type { MembersService } from './members.service';

/** Position updates per member (DESIGN.md §7: location updates are rate limited). */
export const LOCATION_LIMIT = { max: 12, windowMs: 10 * 60_000 };

/** /api/v1/members: the Members page, Who's Near and the live online count. */
export function membersRoutes(service: MembersService, opts: { quota: QuotaCounter; rateLimits: boolean }) {
  const routes = new Hono<AppEnv>();
  if (opts.rateLimits)
    routes.put('/me/location', rateLimit({ quota: opts.quota, name: 'location', ...LOCATION_LIMIT, key: (c) => requireUser(c).id }));
  return routes
    .get('/me/location', async (c) => c.json(await service.locationState(requireUser(c).id)))
    .put('/me/location', async (c) => {
      const user = requireUser(c);
      return c.json(await service.setDevicePosition(user.id, await readJson(c, devicePositionSchema)));
    })
    .delete('/me/location', async (c) => c.json(await service.clearDevicePosition(requireUser(c).id)))
    .get('/', async (c) => {
      const user = requireUser(c);
      return c.json(await service.list(user.id, readQuery(c, membersQuerySchema)));
    })
    .get('/online-count', async (c) => {
      requireUser(c);
      return c.json({ online: await service.onlineCount() });
    });
}
