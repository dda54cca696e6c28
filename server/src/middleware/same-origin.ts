import type { MiddlewareHandler } from 'hono';
import { messages } from '@velvet/core/messages';
import { AppError } from './errors';

/** The methods that change something; a GET's answer is kept from another site by the browser itself. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin of a URL (`https://host:port`), or undefined for a value that is none. */
function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Cross-site request forgery: refuses (403) a write that a browser sent from another site with the
 * member's cookie. A browser names the page's origin in `Origin` on every write, and newer ones say
 * how it relates to the target in `Sec-Fetch-Site`:
 * - an `Origin` must be the app's own (the origin the request was sent to) or a trusted one
 *   (config.trustedOrigins: PUBLIC_URL, the Vite dev and preview servers, TRUSTED_ORIGINS). A trusted
 *   origin passes even when the browser calls it cross-site: that is what trusting it means. `null`
 *   (a sandboxed frame, a data: page) is no trusted origin.
 * - with no `Origin`, `Sec-Fetch-Site: cross-site` is refused.
 * - with neither header the request came from no browser page (curl, a script, a server-side test
 *   client): nothing to forge, so it passes, and its cookie is its own.
 */
export function sameOriginWrites(trustedOrigins: readonly string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins.map(originOf).filter((o): o is string => !!o));
  const foreign = () => new AppError(403, 'FOREIGN_ORIGIN', messages.errors.foreignOrigin);
  return async (c, next) => {
    if (!WRITES.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (origin !== 'null' && (trusted.has(origin) || origin === originOf(c.req.url))) return next();
      throw foreign();
    }
    if (c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site') throw foreign();
    return next();
  };
}
