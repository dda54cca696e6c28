import { Hono } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { errorBody } from '../middleware/errors';
import type { AppEnv } from '../middleware/session';
import type { Gateway } from './gateway';

/**
 * GET /api/v1/realtime: the WebSocket (node-server 2's built-in upgrade). The session comes from
 * the cookie (loadSession ran before); without one the socket opens and is closed at once with
 * 4401, which a browser can read (a refused HTTP upgrade tells it nothing).
 */
export function realtimeRoutes(gateway: Gateway) {
  return new Hono<AppEnv>().get(
    '/',
    async (_c, next) => {
      await gateway.ready();
      await next();
    },
    upgradeWebSocket((c) => gateway.eventsFor(c.get('user'), c.get('session'), c.req.header('origin'))),
    (c) => c.json(errorBody('UPGRADE_REQUIRED', 'Connect with a WebSocket.'), 426),
  );
}
