import { Hono } from 'hono';
import { healthResponseSchema } from '@velvet/core/schemas/api.schema';
import { describe } from '../../middleware/openapi';
import type { Database } from '../../db/client';
import type { Storage } from '../../storage/storage';

/** GET /api/v1/health: whether the database and storage answer. */
export function healthRoutes(deps: { database: Database; storage: Storage }) {
  return new Hono().get(
    '/',
    describe('Site', {
      summary: 'Whether the database and storage answer (503, same body, when either does not)',
      response: healthResponseSchema,
      signedIn: false,
    }),
    async (c) => {
      const check = async (fn: () => Promise<void>) => {
        try {
          await fn();
          return 'ok' as const;
        } catch {
          return 'error' as const;
        }
      };
      const [database, storage] = await Promise.all([check(() => deps.database.ping()), check(() => deps.storage.ping())]);
      const ok = database === 'ok' && storage === 'ok';
      return c.json(
        {
          status: ok ? 'ok' : 'degraded',
          database: { status: database, kind: deps.database.kind },
          storage: { status: storage, kind: deps.storage.kind },
        },
        ok ? 200 : 503,
      );
    },
  );
}
