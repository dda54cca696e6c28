import { Hono, type Context } from 'hono';
import { upgradeWebSocket } from '@hono/node-server';
import { describeRoute } from 'hono-openapi';
import { errorBody } from '../middleware/errors';
import type { AppEnv } from '../middleware/session';
import type { Gateway } from './gateway';

/**
 * What node-server's upgrade reads of a request (its `upgrade` header, URL and the node request in
 * `env`), without the rest: it keeps the context it is given for as long as the socket is open, and
 * a whole request context (Hono's request and context, fetch Headers, URLs) held by every socket
 * was several kB each, megabytes at 2 000 sockets (bench/README.md, server memory).
 */
function upgradeOnly(c: Context<AppEnv>): Context {
  const url = c.req.url;
  const upgrade = c.req.header('upgrade');
  return {
    req: { url, header: (name: string) => (name.toLowerCase() === 'upgrade' ? upgrade : undefined) },
    env: c.env,
  } as unknown as Context;
}

/**
 * GET /api/v1/realtime: the WebSocket (node-server 2's built-in upgrade). The session comes from
 * the cookie (loadSession ran before); without one the socket opens and is closed at once with
 * 4401, which a browser can read (a refused HTTP upgrade tells it nothing). A member already holding
 * as many sockets as the caps allow (config/rate-limits.ts) is refused before the upgrade with 429:
 * a browser sees a failed connection and backs off, where a socket opened and closed at once would
 * have it retry at its quickest, since an open resets its backoff (web/src/lib/realtime.ts).
 */
export function realtimeRoutes(gateway: Gateway) {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      tags: ['Realtime'],
      summary: 'The live events socket: a WebSocket upgrade; the events are those of core/src/realtime/events.ts',
      responses: {
        101: { description: 'Switching to the WebSocket (closed at once with 4401 when not signed in)' },
        426: { description: 'Not a WebSocket request' },
        429: { description: 'Too many sockets open for this browser or member (config/rate-limits.ts); nothing is upgraded' },
      },
    }),
    async (c) => {
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket')
        return c.json(errorBody('UPGRADE_REQUIRED', 'Connect with a WebSocket.'), 426);
      await gateway.ready();
      const refused = gateway.refusal(c.get('user'), c.get('session'));
      // node-server answers a refused upgrade with the status and headers only; the body is for other callers
      if (refused) return c.json(errorBody('TOO_MANY_CONNECTIONS', refused), 429);
      return upgradeWebSocket(upgradeOnly(c), gateway.eventsFor(c.get('user'), c.get('session'), c.req.header('origin')));
    },
  );
}
