import { Hono } from 'hono';
import { meResponseSchema, sessionResponseSchema, type MeResponse, type SessionResponse } from '@velvet/core/schemas/api.schema';
import { describe } from '../../middleware/openapi';
import type { AppEnv, SessionUser } from '../../middleware/session';
import { requireUser } from '../../middleware/session';
import type { ProfilesService } from '../profiles/profiles.public';

/** The signed-in member as the web app knows them: their account and whether they have a profile yet. */
async function meOf(user: SessionUser, profiles: ProfilesService): Promise<MeResponse> {
  const profile = await profiles.getOwn(user.id);
  return {
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
}

/** GET /api/v1/me: the signed-in member (401 when signed out). */
export function accountRoutes(deps: { profiles: ProfilesService }) {
  return new Hono<AppEnv>().get('/', describe('Account', { summary: 'The signed-in member', response: meResponseSchema }), async (c) =>
    c.json(await meOf(requireUser(c), deps.profiles)),
  );
}

/**
 * GET /api/v1/session: the same, or `{ me: null }` when signed out, always 200: the web app asks on
 * every page, and a signed-out visitor's browser would log each 401 as an error.
 */
export function sessionRoutes(deps: { profiles: ProfilesService }) {
  return new Hono<AppEnv>().get(
    '/',
    describe('Account', {
      summary: 'The signed-in member, or null when signed out (always 200)',
      response: sessionResponseSchema,
      signedIn: false,
    }),
    async (c) => {
      const user = c.get('user');
      return c.json({ me: user ? await meOf(user, deps.profiles) : null } satisfies SessionResponse);
    },
  );
}
