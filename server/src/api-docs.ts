import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { openAPIRouteHandler } from 'hono-openapi';
import { newNonce } from './middleware/csp';
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

/** The reference page, and the folder its script is served from. */
const API_DOCS_PATH = '/api/docs';

/**
 * Scalar's reference page as one file for the browser (the package's dist/browser/standalone.js), pinned
 * to an exact version in server/package.json and served from here: the page runs no code from
 * anywhere else. The package's exports name no such file, so it is found beside its main entry.
 */
const require = createRequire(import.meta.url);
const BUNDLE_FILE = path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');

const gzip = promisify(gzipCallback);

/**
 * Run before the bundle, in the same file. Scalar's bundle gives the page's nonce (from
 * <meta property="csp-nonce">) to its main <style>, but makes two more (its components' CSS and the
 * theme) without it: every <style> element a script makes gets the nonce here. Styles in markup are
 * made by the parser, not by createElement, and stay refused. And zod, inside the bundle, probes for
 * eval with Function(''), which the policy refuses (a reported violation on every load): jitless
 * skips the probe.
 */
const PREAMBLE = `(() => {
  const nonce = document.querySelector('meta[property="csp-nonce"]')?.getAttribute('content');
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (name, options) {
    const element = createElement.call(this, name, options);
    if (nonce && element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  };
  globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
})();
`;

interface Bundle {
  /** Its file name under API_DOCS_PATH, with a part of its hash: a new version is a new address. */
  name: string;
  /** Subresource integrity: the browser runs the file only if it is these bytes. */
  integrity: string;
  body: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer>;
}

/** PREAMBLE and the bundle, read (and gzipped: 4.9 MB to about a quarter) on the first load of the page, then kept. */
let bundle: Promise<Bundle> | undefined;
function loadBundle(): Promise<Bundle> {
  bundle ??= (async () => {
    const body = new Uint8Array(Buffer.concat([Buffer.from(PREAMBLE), await readFile(BUNDLE_FILE)]));
    const digest = createHash('sha384').update(body).digest();
    return {
      name: `scalar-${digest.toString('hex').slice(0, 16)}.js`,
      integrity: `sha384-${digest.toString('base64')}`,
      body,
      gzipped: new Uint8Array(await gzip(body)),
    };
  })();
  bundle.catch(() => (bundle = undefined));
  return bundle;
}

/**
 * The page's policy: scripts from this site only (the bundle; the page has no inline script and no
 * eval), <style> elements from this site or carrying the page's nonce (the ones the bundle makes:
 * PREAMBLE), and style attributes, which the bundle sets with setAttribute (a code block's line count,
 * a scrollbar probe) and which cannot run code or, with img-src and font-src as they are, load
 * anything from elsewhere. Requests ('Test Request' too) go to this site only; images also as data:
 * and blob: URLs; fonts and all else this site's. No plugins, no <base>, never framed.
 */
function apiDocsPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What the page asks of Scalar: the document, and none of Scalar's services: no telemetry, no fonts
 * from its servers, no AI agent or MCP, no developer tools.
 */
const REFERENCE_CONFIGURATION = {
  url: OPENAPI_PATH,
  telemetry: false,
  withDefaultFonts: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Scalar's HTML form: an empty #api-reference element holds the configuration, the bundle reads it. */
function referencePage(title: string, nonce: string, script: Bundle): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta property="csp-nonce" content="${nonce}" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <script id="api-reference" data-configuration="${escapeHtml(JSON.stringify(REFERENCE_CONFIGURATION))}"></script>
    <script src="${API_DOCS_PATH}/${script.name}" integrity="${script.integrity}"></script>
  </body>
</html>
`;
}

/** Offered gzip, and not as `gzip;q=0`. */
const takesGzip = (c: Context) => /(?:^|,)\s*gzip\s*(?:,|$|;\s*q=(?!0(?:\.0*)?\s*(?:,|$)))/i.test(c.req.header('accept-encoding') ?? '');

/**
 * GET /api/openapi.json (the document, generated once from the mounted routes), GET /api/docs (a
 * reference page for developers: Scalar's, under a strict policy with a fresh nonce each load) and
 * GET /api/docs/scalar-<hash>.js (its script, from the pinned package, cached for a year).
 */
export function mountApiDocs(app: Hono<AppEnv>, api: Hono<AppEnv>, siteName: string) {
  app.get(
    OPENAPI_PATH,
    openAPIRouteHandler(api, { documentation: apiDocumentation(siteName), defaultValidationErrorResponse: validationErrorResponse }),
  );
  app.get(API_DOCS_PATH, async (c) => {
    const script = await loadBundle();
    const nonce = newNonce();
    c.header('Content-Security-Policy', apiDocsPolicy(nonce));
    c.header('Cache-Control', 'no-cache');
    return c.html(referencePage(`${siteName} API`, nonce, script));
  });
  app.get(`${API_DOCS_PATH}/:file`, async (c, next) => {
    const script = await loadBundle();
    if (c.req.param('file') !== script.name) return next();
    const gzipped = takesGzip(c);
    const body = gzipped ? script.gzipped : script.body;
    return c.body(body, 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
    });
  });
}
