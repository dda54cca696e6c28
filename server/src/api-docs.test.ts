import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { API_TYPES_FILE, apiTypesFor } from '../scripts/api-types';

/** Hono's `:param` and `:param{regex}` as OpenAPI's `{param}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

/** Routes that are guards rather than operations: they only ever refuse. */
const GUARDS = new Set(['PUT /profiles/{userId}', 'PATCH /profiles/{userId}', 'DELETE /profiles/{userId}']);

describe('/api/openapi.json', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: { name: string }[] }>> };
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.request('/api/openapi.json');
    expect(response.status).toBe(200);
    document = (await response.json()) as typeof document;
  });
  afterAll(() => t.close());

  it('describes every /api/v1 route the app serves (each method of each path), and nothing else', () => {
    const served = new Set<string>();
    for (const route of t.app.routes) {
      if (!route.path.startsWith('/api/v1/') || route.path.includes('*') || route.method === 'ALL') continue;
      const key = `${route.method} ${openApiPath(route.path.slice('/api/v1'.length))}`;
      if (!GUARDS.has(key)) served.add(key);
    }
    const described = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    expect(served.size).toBeGreaterThan(40);
    expect([...described].sort()).toEqual([...served].sort());
  });

  it('describes what a route takes and answers from the schemas it validates with', () => {
    const members = document.paths['/members']!.get!;
    expect(members.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['sort', 'maxKm', 'cursor', 'limit']));
    expect(Object.keys(members.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
    const send = document.paths['/messages/conversations/{otherId}/messages']!.post!;
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409', '429']));
  });

  it('is what the web compiles against: web/src/lib/api-schema.gen.ts is current (npm run api:types)', async () => {
    expect(await readFile(API_TYPES_FILE, 'utf8')).toBe(await apiTypesFor(document));
  });

  it('answers a visitor 401 on a signed-in route before reading the request, as the document says', async () => {
    const bad: [string, RequestInit?][] = [
      ['/api/v1/members?sort=bogus'],
      ['/api/v1/profiles', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
      ['/api/v1/discover/%20/like', { method: 'POST' }],
    ];
    for (const [path, init] of bad) expect((await t.app.request(path, init)).status, path).toBe(401);
    expect(Object.keys(document.paths['/members']!.get!.responses)).toContain('401');
  });
});

/** The package's browser bundle, as npm installed it. */
const STANDALONE = path.join(path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), 'browser', 'standalone.js');

/** A policy as its directives, each with its sources. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('/api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const page = async () => {
    const response = await t.app.request('/api/docs');
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, policy: response.headers.get('content-security-policy') ?? '' };
  };

  it('is a page with no other origin in it, under a policy that runs only the site’s own scripts', async () => {
    const { html, policy } = await page();
    expect(html).toContain('/api/openapi.json');
    // no address of another site: no scheme://, no //host
    expect(html).not.toMatch(/[a-z]+:\/\//i);
    expect(html).not.toMatch(/["'=\s]\/\/[^\s"']/);
    // no inline script: every <script> loads a file of the site or is empty (the configuration holder)
    for (const [, tag = '', body = ''] of [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)])
      expect(/\ssrc="\/api\/docs\/[^"/]+"/.test(tag) || body.trim() === '', tag).toBe(true);

    const nonce = /<meta property="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    const d = directives(policy);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(d.get('font-src')).toEqual(["'self'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    // nothing in the policy names another origin, and nothing allows eval
    for (const [name, sources] of d)
      for (const source of sources) expect(source, name).toMatch(/^(?:'self'|'none'|'nonce-[^']+'|'unsafe-inline'|data:|blob:)$/);
    expect(d.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect([...d.get('img-src')!].sort()).toEqual(["'self'", 'blob:', 'data:']);

    // every load has a nonce of its own
    const again = await page();
    expect(again.policy).not.toBe(policy);
  });

  it('serves its script from the project: the pinned package’s bundle, checked by integrity, cached for a year', async () => {
    const { html } = await page();
    const [, src, integrity] = /<script src="(\/api\/docs\/[^"]+)" integrity="([^"]+)"><\/script>/.exec(html) ?? [];
    expect(src).toMatch(/^\/api\/docs\/scalar-[0-9a-f]{16}\.js$/);
    const response = await t.app.request(src!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await response.arrayBuffer());
    // a few lines of the project's, then Scalar's bundle exactly as the package ships it
    const bundle = await readFile(STANDALONE);
    expect(body.subarray(body.length - bundle.length).equals(bundle)).toBe(true);
    expect(body.length - bundle.length).toBeLessThan(1000);
    expect(integrity).toBe(`sha384-${createHash('sha384').update(body).digest('base64')}`);

    const gzipped = await t.app.request(src!, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const packed = Buffer.from(await gzipped.arrayBuffer());
    expect(packed.length).toBeLessThan(body.length / 2);
    expect(gunzipSync(packed).equals(body)).toBe(true);
    const refused = await t.app.request(src!, { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(refused.headers.get('content-encoding')).toBeNull();

    expect((await t.app.request('/api/docs/scalar-0000000000000000.js')).status).toBe(404);
  });

  describe('in Chromium', () => {
    let server: ServerType | undefined;
    let browser: Browser | undefined;
    let base = '';
    beforeAll(async () => {
      server = await new Promise<ServerType>((resolve) => {
        const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    });

    /** A marker no policy allows: once its violation is reported, every earlier one has been too. */
    const SENTINEL = 'https://csp-sentinel.invalid/pixel.png';

    it('renders the API reference and sends a test request, with no CSP violation and nothing from another origin', async () => {
      const context = await browser!.newContext({ baseURL: base });
      try {
        // browser code as text: the server's compiler knows no DOM
        await context.addInitScript({
          content: `window.cspViolations = [];
            document.addEventListener('securitypolicyviolation', (e) =>
              window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI + ' (' + e.sourceFile + ':' + e.lineNumber + ')'), true);`,
        });
        const tab = await context.newPage();
        const problems: string[] = [];
        const elsewhere: string[] = [];
        tab.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
        tab.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
        tab.on('request', (r) => void (!r.url().startsWith(`${base}/`) && !r.url().startsWith('data:') && elsewhere.push(r.url())));

        expect((await tab.goto('/api/docs'))?.status()).toBe(200);
        await tab.getByRole('heading', { name: `${t.config.siteName} API` }).waitFor({ state: 'visible' });
        await tab.getByText('Whether the database and storage answer').first().click();
        await tab
          .getByRole('button', { name: /Test Request/i })
          .first()
          .click();
        const answered = tab.waitForResponse((r) => r.url() === `${base}/api/v1/health`);
        await tab.getByRole('button', { name: /^Send/i }).first().click();
        expect((await answered).status()).toBe(200);

        await tab.evaluate(`void (new Image().src = ${JSON.stringify(SENTINEL)})`);
        await tab.waitForFunction(`window.cspViolations.some((v) => v.includes(${JSON.stringify(SENTINEL)}))`);
        const violations = await tab.evaluate<string[]>('window.cspViolations');
        expect(violations.filter((v) => !v.includes(SENTINEL))).toEqual([]);
        expect(problems.filter((p) => !p.includes(SENTINEL))).toEqual([]);
        expect(elsewhere.filter((u) => u !== SENTINEL)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
