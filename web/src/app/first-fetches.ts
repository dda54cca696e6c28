/**
 * The API reads a page makes first. The page the server sends names them as
 * `<link rel="preload" as="fetch">` (every page's in index.html; a route's in the build's
 * route-preloads.json, read by server/src/static.ts), so a phone asks for them while the entry
 * downloads, and the app's own request for the same URL is answered from that preload instead of
 * waiting for the entry, the session and the page to run first. A URL here must be exactly what the
 * page's query asks (e2e/first-fetches.spec.ts fails otherwise); a stale one costs one wasted request.
 */
export const FIRST_FETCHES = {
  /** every page: who is signed in (main.tsx asks at once) */
  everyPage: ['/api/v1/session'],
  /** every signed-in page: the shell (the Who's Near strip, the bottom bar's unread counts) */
  signedIn: ['/api/v1/members/me/location', '/api/v1/messages/unread-count', '/api/v1/activities/unread-count'],
  /** a page's own first reads, by route */
  pages: {
    '/dashboard': ['/api/v1/connections/summary', '/api/v1/profile-views/today', '/api/v1/members/online-count'],
    '/discover': ['/api/v1/discover/next', '/api/v1/discover/stats'],
    '/messages': ['/api/v1/messages/conversations'],
  } as Record<string, string[]>,
};
