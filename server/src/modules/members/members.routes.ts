import { Hono } from 'hono';
import {
  devicePositionSchema,
  locationStateResponseSchema,
  membersQuerySchema,
  membersResponseSchema,
  onlineCountResponseSchema,
} from '@velvet/core/schemas/member.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { rateLimit, type QuotaCounter } from '../../middleware/rate-limit';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, query } from '../../middleware/validate';
import type { MembersService } from './members.service';

const doc = (d: RouteDoc) => describe('Members', d);

/** /api/v1/members: the Members page, Who's Near and the live online count. */
export function membersRoutes(service: MembersService, opts: { quota: QuotaCounter; rateLimits: boolean }) {
  const routes = new Hono<AppEnv>();
  if (opts.rateLimits) routes.put('/me/location', rateLimit({ quota: opts.quota, limit: 'location', key: (c) => requireUser(c).id }));
  return routes
    .get('/me/location', doc({ summary: "Whether Who's Near is on", response: locationStateResponseSchema }), async (c) =>
      c.json(await service.locationState(requireUser(c).id)),
    )
    .put(
      '/me/location',
      doc({
        summary: "Who's Near on: the device's position (only its grid cell is kept)",
        response: locationStateResponseSchema,
        errors: { 429: 'Too many position updates' },
      }),
      json(devicePositionSchema),
      async (c) => c.json(await service.setDevicePosition(requireUser(c).id, c.req.valid('json'))),
    )
    .delete('/me/location', doc({ summary: "Who's Near off", response: locationStateResponseSchema }), async (c) =>
      c.json(await service.clearDevicePosition(requireUser(c).id)),
    )
    .get(
      '/',
      doc({ summary: "Members, Who's Near and every Search list: filters, a sort and keyset pages", response: membersResponseSchema }),
      query(membersQuerySchema),
      async (c) => c.json(await service.list(requireUser(c).id, c.req.valid('query'))),
    )
    .get('/online-count', doc({ summary: 'How many members are online', response: onlineCountResponseSchema }), async (c) => {
      requireUser(c);
      return c.json({ online: await service.onlineCount() });
    });
}
