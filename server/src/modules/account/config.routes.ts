import { Hono } from 'hono';
import type { PublicConfig } from '@velvet/core/schemas/config.schema';
import type { Config } from '../../config/env';

export function configRoutes(config: Config) {
  const body: PublicConfig = {
    siteName: config.siteName,
    oidc: config.oidc ? { providerId: config.oidc.providerId, name: config.oidc.name } : null,
  };
  return new Hono().get('/', (c) => c.json(body));
}
