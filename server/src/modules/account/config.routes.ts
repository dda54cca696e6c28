import { Hono } from 'hono';
import { publicConfigSchema, type PublicConfig } from '@velvet/core/schemas/config.schema';
import { describe } from '../../middleware/openapi';
import type { Config } from '../../config/env';

export function configRoutes(config: Config) {
  const body: PublicConfig = {
    siteName: config.siteName,
    oidc: config.oidc ? { providerId: config.oidc.providerId, name: config.oidc.name } : null,
  };
  return new Hono().get(
    '/',
    describe('Site', { summary: 'What the browser needs to know before sign-in', response: publicConfigSchema, signedIn: false }),
    (c) => c.json(body),
  );
}
