import type { Hono } from 'hono';
import { openAPIRouteHandler } from 'hono-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import { validationErrorResponse } from './middleware/openapi';
import type { AppEnv } from './middleware/session';
import { SESSION_COOKIE_PREFIX } from './auth/session-cookie';

/** The API's own description: every /api/v1 route, generated from the schemas its routes validate with. */
export const OPENAPI_PATH = '/api/openapi.json';

export function apiDocumentation(siteName: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: `${siteName} API`,
      version: '1',
      description:
        'The JSON API the web app uses. Signed-in routes read the session cookie that sign-in (better-auth, under /api/auth) sets; errors are `{ error: { code, message, details? } }`.',
    },
    servers: [{ url: '/api/v1' }],
    components: {
      securitySchemes: { session: { type: 'apiKey' as const, in: 'cookie' as const, name: `${SESSION_COOKIE_PREFIX}.session_token` } },
    },
    security: [{ session: [] }],
  };
}

/**
 * The reference page's own, looser policy: Scalar's page is an inline module script that loads its
 * code (and that code its styles, fonts and requests) from its CDN, none of which the app's policy
 * allows. It holds no member data and is not the app, so only what cannot break it is refused:
 * plugins, a <base> that moves its links, and framing (clickjacking).
 */
export const API_DOCS_CSP = "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * GET /api/openapi.json (the document, generated once from the mounted routes) and GET /api/docs
 * (a reference page for developers: Scalar, whose script comes from its CDN).
 */
export function mountApiDocs(app: Hono<AppEnv>, api: Hono<AppEnv>, siteName: string) {
  app.get(
    OPENAPI_PATH,
    openAPIRouteHandler(api, { documentation: apiDocumentation(siteName), defaultValidationErrorResponse: validationErrorResponse }),
  );
  app.get(
    '/api/docs',
    async (c, next) => {
      await next();
      c.header('Content-Security-Policy', API_DOCS_CSP);
    },
    Scalar({ url: OPENAPI_PATH, pageTitle: `${siteName} API` }),
  );
}
