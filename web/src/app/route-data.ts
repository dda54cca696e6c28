import type { paths } from '../lib/api-schema.gen';

/**
 * What a signed-in page asks the API for as soon as it shows, by route (the router's paths). The
 * server names each in that page as `<link rel="preload" as="fetch">` for a browser that has a
 * session cookie (server/src/static.ts), so a phone asks for the page's data alongside its scripts
 * instead of after they have run: the round trip that otherwise stands between the scripts and the
 * page's first list. Each must be exactly the request the page's first query makes (its defaults:
 * no query string), or the browser asks twice; e2e/messages.spec.ts and e2e/discover.spec.ts check
 * that each is taken from the preload (e2e/support/preloads.ts).
 */
export const ROUTE_DATA = {
  // the Inbox tab (features/messages/api/get-conversations.ts)
  '/messages': ['/messages/conversations'],
  // the first batch of cards with the default filters, and the counts under them (features/discover/api)
  '/discover': ['/discover/next', '/discover/stats'],
} satisfies Record<string, (keyof paths)[]>;
