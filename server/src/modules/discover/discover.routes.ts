import { Hono } from 'hono';
import {
  discoverFiltersSchema,
  discoverResponseSchema,
  discoverStatsSchema,
  discoverTargetSchema,
  likeResponseSchema,
  startOverResponseSchema,
} from '@velvet/core/schemas/discover.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { params, query } from '../../middleware/validate';
import type { DiscoverService } from './discover.service';

const doc = (d: RouteDoc) => describe('Discover', d);

/** /api/v1/discover: the next cards, like and pass, start over, and the stats row. Always as the signed-in member. */
export function discoverRoutes(service: DiscoverService) {
  return (
    new Hono<AppEnv>()
      .get(
        '/next',
        doc({ summary: 'The next cards to like or pass', response: discoverResponseSchema }),
        query(discoverFiltersSchema),
        async (c) => c.json(await service.next(requireUser(c).id, c.req.valid('query'))),
      )
      .get('/stats', doc({ summary: 'The stats row: online, verified, matches, views', response: discoverStatsSchema }), async (c) =>
        c.json(await service.stats(requireUser(c).id)),
      )
      // Start over: every member passed comes back (likes stay)
      .post('/start-over', doc({ summary: 'Start over: members passed come back', response: startOverResponseSchema }), async (c) =>
        c.json(await service.startOver(requireUser(c).id)),
      )
      .post(
        '/:userId/like',
        doc({
          summary: 'Like a member (a like both ways is a match)',
          response: likeResponseSchema,
          errors: { 404: 'No such member to like' },
        }),
        params(discoverTargetSchema),
        async (c) => c.json(await service.decide(requireUser(c).id, c.req.valid('param').userId, true)),
      )
      .post(
        '/:userId/pass',
        doc({ summary: 'Pass on a member', response: likeResponseSchema, errors: { 404: 'No such member to pass' } }),
        params(discoverTargetSchema),
        async (c) => c.json(await service.decide(requireUser(c).id, c.req.valid('param').userId, false)),
      )
  );
}
