import { createMiddleware } from 'hono/factory';
import { messages } from '@velvet/core/messages';
import type { SessionCache } from '../auth/session-cache';
import type { SessionData, SessionUser } from '../auth/session-types';
import { AppError } from './errors';

export type { SessionData, SessionUser };

export interface AppEnv {
  Variables: { user: SessionUser | null; session: SessionData | null };
}

/** Loads the session (if any) for /api/v1 routes. */
export const loadSession = (sessions: SessionCache) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const found = await sessions.get(c.req.raw.headers);
    c.set('user', found?.user ?? null);
    c.set('session', found?.session ?? null);
    await next();
  });

/** The signed-in member, or a 401 in the spec's words. */
export function requireUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', messages.errors.unauthenticated);
  return user;
}
