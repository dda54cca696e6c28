import { Hono } from 'hono';
import {
  ownProfileResponseSchema,
  profileBasicsSchema,
  profileUpdateSchema,
  profileViewResponseSchema,
  setupStepSchema,
} from '@velvet/core/schemas/profile.schema';
import { memberParamsSchema } from '@velvet/core/schemas/id.schema';
import { messages } from '@velvet/core/messages';
import type { AppEnv } from '../../middleware/session';
import { requireUser } from '../../middleware/session';
import { json, params } from '../../middleware/validate';
import { AppError } from '../../middleware/errors';
import { describe, type RouteDoc } from '../../middleware/openapi';
import type { ProfilesService } from './profiles.service';

const doc = (d: RouteDoc) => describe('Profiles', d);

export function profilesRoutes(service: ProfilesService) {
  return (
    new Hono<AppEnv>()
      .get(
        '/me',
        doc({ summary: "The member's own profile", response: ownProfileResponseSchema, errors: { 404: 'No profile yet' } }),
        async (c) => {
          const profile = await service.getOwn(requireUser(c).id);
          if (!profile) throw new AppError(404, 'NO_PROFILE', messages.profile.notFound);
          return c.json({ profile });
        },
      )
      .post(
        '/',
        doc({
          summary: 'Create the profile (setup, step one)',
          response: ownProfileResponseSchema,
          status: 201,
          errors: { 409: 'Username taken, or a profile exists' },
        }),
        json(profileBasicsSchema),
        async (c) => c.json({ profile: await service.createBasics(requireUser(c).id, c.req.valid('json')) }, 201),
      )
      .put(
        '/me',
        doc({ summary: 'Edit the profile', response: ownProfileResponseSchema, errors: { 404: 'No profile yet', 409: 'Username taken' } }),
        json(profileUpdateSchema),
        async (c) => c.json({ profile: await service.update(requireUser(c).id, c.req.valid('json')) }),
      )
      .put(
        '/me/setup',
        doc({
          summary: 'Save a step of the setup wizard',
          response: ownProfileResponseSchema,
          errors: { 404: 'No profile yet', 409: 'Username taken' },
        }),
        json(setupStepSchema),
        async (c) => c.json({ profile: await service.saveSetupStep(requireUser(c).id, c.req.valid('json')) }),
      )
      .get(
        '/:userId',
        doc({
          summary: "Another member's profile, as they let others see it",
          response: profileViewResponseSchema,
          errors: { 404: 'No such member' },
        }),
        params(memberParamsSchema),
        async (c) => c.json({ profile: await service.view(requireUser(c).id, c.req.valid('param').userId) }),
      )
      // Only the owner may change a profile: any other id is refused and nothing changes.
      .on(['PUT', 'PATCH', 'DELETE'], '/:userId', async (c) => {
        const user = requireUser(c);
        if (c.req.param('userId') === user.id) throw new AppError(405, 'USE_ME', 'Change your profile through /profiles/me.');
        throw new AppError(403, 'ACCESS_DENIED', messages.profile.accessDenied);
      })
  );
}
