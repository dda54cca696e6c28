import { Hono } from 'hono';
import { profileBasicsSchema, profileUpdateSchema, setupStepSchema } from '@velvet/core/schemas/profile.schema';
import { messages } from '@velvet/core/messages';
import type { AppEnv } from '../../middleware/session';
import { requireUser } from '../../middleware/session';
import { readJson } from '../../middleware/validate';
import { AppError } from '../../middleware/errors';
import type { ProfilesService } from './profiles.service';

export function profilesRoutes(service: ProfilesService) {
  return (
    new Hono<AppEnv>()
      .get('/me', async (c) => {
        const user = requireUser(c);
        const profile = await service.getOwn(user.id);
        if (!profile) throw new AppError(404, 'NO_PROFILE', messages.profile.notFound);
        return c.json({ profile });
      })
      .post('/', async (c) => {
        const user = requireUser(c);
        const input = await readJson(c, profileBasicsSchema);
        return c.json({ profile: await service.createBasics(user.id, input) }, 201);
      })
      .put('/me', async (c) => {
        const user = requireUser(c);
        const input = await readJson(c, profileUpdateSchema);
        return c.json({ profile: await service.update(user.id, input) });
      })
      .put('/me/setup', async (c) => {
        const user = requireUser(c);
        const input = await readJson(c, setupStepSchema);
        return c.json({ profile: await service.saveSetupStep(user.id, input) });
      })
      .get('/:userId', async (c) => {
        const user = requireUser(c);
        return c.json({ profile: await service.view(user.id, c.req.param('userId')) });
      })
      // Only the owner may change a profile: any other id is refused and nothing changes.
      .on(['PUT', 'PATCH', 'DELETE'], '/:userId', async (c) => {
        const user = requireUser(c);
        if (c.req.param('userId') === user.id) throw new AppError(405, 'USE_ME', 'Change your profile through /profiles/me.');
        throw new AppError(403, 'ACCESS_DENIED', messages.profile.accessDenied);
      })
  );
}
