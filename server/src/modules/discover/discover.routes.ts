import { Hono } from 'hono';
import { discoverFiltersSchema, discoverTargetSchema } from '@velvet/core/schemas/discover.schema';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readParams, readQuery } from '../../middleware/validate';
import type { DiscoverService } from './discover.service';

/** /api/v1/discover: the next cards, like and pass, start over, and the stats row. Always as the signed-in member. */
export function discoverRoutes(service: DiscoverService) {
  return (
    new Hono<AppEnv>()
      .get('/next', async (c) => {
        const user = requireUser(c);
        return c.json(await service.next(user.id, readQuery(c, discoverFiltersSchema)));
      })
      .get('/stats', async (c) => c.json(await service.stats(requireUser(c).id)))
      // Start over: every member passed comes back (likes stay)
      .post('/start-over', async (c) => c.json(await service.startOver(requireUser(c).id)))
      .post('/:userId/like', async (c) => {
        const user = requireUser(c);
        return c.json(await service.decide(user.id, readParams(c, discoverTargetSchema).userId, true));
      })
      .post('/:userId/pass', async (c) => {
        const user = requireUser(c);
        return c.json(await service.decide(user.id, readParams(c, discoverTargetSchema).userId, false));
      })
  );
}
