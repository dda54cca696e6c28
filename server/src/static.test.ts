import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountWebApp } from './static';
import { CSP_NONCE_PLACEHOLDER } from './middleware/csp';

let dist: string;
const app = new Hono();
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'velvet-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, 'icons'));
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Velvet</title><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/assets/app-1234.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>`,
  );
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  // the build's compressed copies (web/scripts/precompress.mjs); their bytes are told apart here
  await writeFile(path.join(dist, 'assets', 'app-1234.js.br'), 'brotli bytes');
  await writeFile(path.join(dist, 'assets', 'app-1234.js.gz'), 'gzip bytes');
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{"secret":"build record"}');
  expect(mountWebApp(app, dist, { publicUrl: 'https://velvet.example' })).toBe(true);
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('the built web app', () => {
  it('answers the site root and every app route with the page, never a folder', async () => {
    for (const url of ['/', '/login', '/messages/abc', '/assets', '/icons/', '/assets/', '/index.html']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(await res.text(), url).toContain('<title>Velvet</title>');
    }
  });

  it('keeps the build’s own records (a dot folder) from the web: 404, not the file nor the page', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/assets/.hidden.js']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('build record');
    }
  });

  it('serves the build’s files, hashed assets cached for a year', async () => {
    const asset = await app.request('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await app.request('/manifest.webmanifest')).status).toBe(200);
  });

  it('sends the brotli or gzip copy of an asset to a browser that takes it, and says so', async () => {
    const br = await app.request('/assets/app-1234.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(await br.text()).toBe('brotli bytes');
    const gz = await app.request('/assets/app-1234.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe('gzip bytes');
  });

  it('answers /robots.txt with the file, not the page', async () => {
    const res = await app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain('User-agent: *');
  });

  it('sends the page under a strict Content-Security-Policy, with a fresh style nonce for every load', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/login', '/index.html', '/messages/abc']) {
      const res = await app.request(url);
      const policy = res.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        policy
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...sources]) => [name, sources]),
      );
      expect(directives['default-src'], url).toEqual(["'self'"]);
      expect(directives['script-src'], url).toEqual(["'self'"]);
      expect(directives['object-src'], url).toEqual(["'none'"]);
      expect(directives['base-uri'], url).toEqual(["'none'"]);
      expect(directives['frame-ancestors'], url).toEqual(["'none'"]);
      expect(directives['img-src'], url).toEqual(["'self'", 'data:', 'blob:']);
      expect(directives['connect-src'], url).toEqual(["'self'", 'wss://velvet.example']);
      // the style nonce of the header is the one written into the page, in place of every placeholder
      const [self, nonceSource, ...more] = directives['style-src'] as string[];
      expect([self, more]).toEqual(["'self'", []]);
      const nonce = /^'nonce-([A-Za-z0-9+/=]{24})'$/.exec(nonceSource!)?.[1];
      expect(nonce, url).toBeDefined();
      const html = await res.text();
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(html.split(`nonce="${nonce}"`).length, url).toBe(3);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(4);
  });
});

describe('the chunks of the page’s route, preloaded', () => {
  let routedDist: string;
  const routed = new Hono();
  beforeAll(async () => {
    routedDist = await mkdtemp(path.join(os.tmpdir(), 'velvet-dist-'));
    await mkdir(path.join(routedDist, '.vite'));
    await writeFile(
      path.join(routedDist, 'index.html'),
      `<!doctype html><html><head><title>Velvet</title><script type="module" src="/assets/app-1234.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body></body></html>`,
    );
    await writeFile(
      path.join(routedDist, '.vite', 'route-preloads.json'),
      JSON.stringify([
        { path: '/login', files: ['/assets/LoginPage-1.js', '/assets/Field-2.js'] },
        { path: '/profile/:userId', files: ['/assets/ProfilePage-3.js'] },
        { path: '/messages', files: ['/assets/MessagesPage-4.js'], data: ['/api/v1/messages/conversations'] },
      ]),
    );
    mountWebApp(routed, routedDist, { publicUrl: 'https://velvet.example' });
  });
  afterAll(() => rm(routedDist, { recursive: true, force: true }));

  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" nonce="([^"]+)">/g)];

  it('lists the route’s chunks in the head of its page, under the page’s nonce', async () => {
    const res = await routed.request('/login');
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(preloads(html).map((m) => m[1])).toEqual(['/assets/LoginPage-1.js', '/assets/Field-2.js']);
    expect(preloads(html).every((m) => m[2] === nonce)).toBe(true);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).not.toContain('<script>');
  });

  const dataPreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it('asks for a signed-in page’s first data alongside its chunks, only for a browser with a session cookie', async () => {
    const page = async (cookie?: string) => (await routed.request('/messages', cookie ? { headers: { cookie } } : {})).text();
    for (const cookie of ['velvet.session_token=abc.def', 'theme=dark; __Secure-velvet.session_token=abc.def']) {
      const html = await page(cookie);
      expect(dataPreloads(html), cookie).toEqual(['/api/v1/messages/conversations']);
      expect(preloads(html).map((m) => m[1])).toEqual(['/assets/MessagesPage-4.js']);
    }
    // signed out: the request would answer 401 (logged in the console) before the page sends the visitor to sign in
    for (const cookie of [undefined, 'theme=dark', 'better-auth.session_token=abc.def']) {
      const html = await page(cookie);
      expect(dataPreloads(html), cookie).toEqual([]);
      expect(preloads(html).map((m) => m[1])).toEqual(['/assets/MessagesPage-4.js']);
    }
    expect(dataPreloads(await (await routed.request('/login', { headers: { cookie: 'velvet.session_token=abc.def' } })).text())).toEqual(
      [],
    );
  });

  it('matches a route’s parameters, and gives a path no route names the plain page', async () => {
    expect(preloads(await (await routed.request('/profile/abc')).text()).map((m) => m[1])).toEqual(['/assets/ProfilePage-3.js']);
    for (const url of ['/profile', '/profile/abc/more', '/elsewhere', '/'])
      expect(preloads(await (await routed.request(url)).text()), url).toEqual([]);
  });
});
