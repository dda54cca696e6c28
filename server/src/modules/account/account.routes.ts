import { Hono } from 'hono';
import type { MeResponse } from '@velvet/core/schemas/api.schema';
import type { AppEnv } from '../../middleware/session';
import { requireUser } from '../../middleware/session';
import type { ProfilesService } from '../profiles/profiles.public';

/** GET /api/v1/me: the signed-in member and whether they have a profile yet. */
export function accountRoutes(deps: { profiles: ProfilesService }) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const user = requireUser(c);
    const profile = await deps.profiles.getOwn(user.id);
    const body: MeResponse = {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        twoFactorEnabled: Boolean(user.twoFactorEnabled),
        role: user.role ?? 'user',
        verified: user.verified === true,
      },
      hasProfile: Boolean(profile),
      setupCompleted: Boolean(profile?.setupCompleted),
      profile: profile ? { username: profile.username, displayName: profile.displayName, avatarUrl: profile.avatarUrl } : null,
    };
    return c.json(body);
  });
}
