import { readFile } from 'node:fs/promises';
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

  it('serves a reference page for developers at /api/docs', async () => {
    const response = await t.app.request('/api/docs');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('/api/openapi.json');
    // its own, looser policy (its code comes from Scalar's CDN): never framed, no plugins, no <base>
    expect(response.headers.get('content-security-policy')).toBe("object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
  });
});
