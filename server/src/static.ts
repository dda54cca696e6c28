import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { hasSessionCookie } from './auth/session-cookie';
import { compressText } from './middleware/compress';
import { contentSecurityPolicy, CSP_NONCE_PLACEHOLDER, newNonce, webSocketOrigin } from './middleware/csp';

/**
 * Serves the built SPA: hashed assets cached for a year, every other path gets index.html, under
 * the app's Content-Security-Policy with a fresh style nonce for each load of the page. Text files go
 * out as the build's brotli or gzip copies (web/scripts/precompress.mjs) when the browser takes them.
 */
export function mountWebApp(app: Hono<any>, distDir: string, { publicUrl }: { publicUrl: string }) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const pageFor = routePreloader(distDir, indexHtml);
  const connect = [webSocketOrigin(publicUrl)];
  const root = path.relative(process.cwd(), distDir) || '.';
  // the build's own records (.vite/manifest.json, the route preloads) are for the server, not the web
  app.use('*', async (c, next) => {
    if (/\/\./.test(c.req.path)) return c.text('Not found', 404);
    await next();
  });
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root, precompressed: true }),
  );
  // only a name with an extension is a file of the build: '/', '/assets' or '/icons/' are folders,
  // which serveStatic would send as bytes (a download of a folder instead of the page); the page
  // itself (/index.html) is never sent as the file, which has no nonce in it
  const files = serveStatic({ root, index: '', precompressed: true });
  app.use('*', (c, next) => (/\.[^/]+$/.test(c.req.path) && !c.req.path.endsWith('.html') ? files(c, next) : next()));
  app.get('*', compressText(), (c) => {
    const nonce = newNonce();
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', contentSecurityPolicy({ styles: [`'nonce-${nonce}'`], connect }));
    return c.html(pageFor(c.req.path, hasSessionCookie(c.req.raw.headers)).replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  });
  return true;
}

interface RoutePreload {
  path: string;
  files: string[];
  data?: string[];
}

/**
 * The page for a path, with `<link rel="modulepreload">` for the chunks that path's route loads on
 * demand, and for a browser with a session cookie `<link rel="preload" as="fetch">` for the API
 * requests the page makes first (dist/.vite/route-preloads.json, written by the build:
 * web/scripts/route-preloads.ts). The browser then fetches them while the entry downloads, instead of
 * after it has run. Without a session cookie the data is not asked for: it would answer 401 (logged
 * in the console) to a visitor the page sends to sign in. Paths match as the router's do
 * (`/profile/:userId`); a path no route names gets the plain page.
 */
function routePreloader(distDir: string, indexHtml: string): (requestPath: string, session: boolean) => string {
  const file = path.join(distDir, '.vite', 'route-preloads.json');
  if (!existsSync(file)) return () => indexHtml;
  const withLinks = (links: string[]) => indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]).map((r) => {
    const chunks = r.files.map((f) => `<link rel="modulepreload" crossorigin href="${f}" nonce="${CSP_NONCE_PLACEHOLDER}">`);
    const data = (r.data ?? []).map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`);
    return { segments: r.path.split('/').filter(Boolean), html: withLinks(chunks), signedInHtml: withLinks([...data, ...chunks]) };
  });
  return (requestPath, session) => {
    const segments = requestPath.split('/').filter(Boolean);
    const route = routes.find(
      (r) => r.segments.length === segments.length && r.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
    );
    if (!route) return indexHtml;
    return session ? route.signedInHtml : route.html;
  };
}
