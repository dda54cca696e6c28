import { Hono, type Context } from 'hono';
import { discoverFiltersSchema, discoverTargetSchema } from '@velvet/core/schemas/discover.schema';
import { AppError } from '../../middleware/errors';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readQuery } from '../../middleware/validate';
import type { DiscoverService } from './discover.service';

/** The member a like or pass is about, from the path; a malformed id is the caller's mistake (400). */
function targetId(c: Context) {
  const parsed = discoverTargetSchema.safeParse({ userId: c.req.param('userId') });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '';
    throw new AppError(400, 'VALIDATION_FAILED', message, { userId: message });
  }
  return parsed.data.userId;
}

/** /api/v1/discover: the next cards, like and pass, and the stats row. Always as the signed-in member. */
export function discoverRoutes(service: DiscoverService) {
  return new Hono<AppEnv>()
    .get('/next', async (c) => {
      const user = requireUser(c);
      return c.json(await service.next(user.id, readQuery(c, discoverFiltersSchema)));
    })
    .get('/stats', async (c) => c.json(await service.stats(requireUser(c).id)))
    .post('/:userId/like', async (c) => {
      const user = requireUser(c);
      return c.json(await service.decide(user.id, targetId(c), true));
    })
    .post('/:userId/pass', async (c) => {
      const user = requireUser(c);
      return c.json(await service.decide(user.id, targetId(c), false));
    });
}
