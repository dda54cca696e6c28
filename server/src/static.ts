import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** Serves the built SPA: hashed assets cached for a year, every other path gets index.html. */
export function mountWebApp(app: Hono<any>, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root }),
  );
  // only a name with an extension is a file of the build: '/', '/assets' or '/icons/' are folders,
  // which serveStatic would send as bytes (a download of a folder instead of the page)
  const files = serveStatic({ root, index: '' });
  app.use('*', (c, next) => (/\.[^/]+$/.test(c.req.path) ? files(c, next) : next()));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
