import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@velvet/core/messages';
import { appWithSettings, createTestApp, type TestApp } from '../../test/test-app';
import { ORIGIN, signedInMember, type Client } from '../../test/http';

let t: TestApp;
let member: Client;
beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t, 'origin.check@example.test');
});
afterAll(() => t.close());

const FOREIGN = { error: { code: 'FOREIGN_ORIGIN', message: messages.errors.foreignOrigin } };
const profile = { username: 'origin_check', displayName: 'Origin Check' };

/** A request with the member's cookie and exactly the given headers (no Origin unless given). */
async function send(method: string, url: string, headers: Record<string, string>, body?: unknown, app = t.app) {
  const cookie = [...member.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const init: RequestInit = { method, headers: { cookie, ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const res = await app.request(url, init);
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('writes to /api/v1 from another site', () => {
  it('are refused with 403 and change nothing, whatever the method, with a valid cookie', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of foreign) {
      const label = JSON.stringify(headers);
      const created = await send('POST', '/api/v1/profiles', headers, profile);
      expect(created.status, label).toBe(403);
      expect(created.json, label).toEqual(FOREIGN);
      for (const [method, url] of [
        ['PUT', '/api/v1/profiles/me/setup'],
        ['PATCH', '/api/v1/profiles/me'],
        ['DELETE', '/api/v1/members/me/location'],
      ]) {
        const res = await send(method!, url!, headers, method === 'DELETE' ? undefined : { step: 2, age: 30 });
        expect(res.status, `${method} ${url} ${label}`).toBe(403);
        expect(res.json, `${method} ${url} ${label}`).toEqual(FOREIGN);
      }
    }
    // nothing was created
    expect((await send('GET', '/api/v1/profiles/me', {})).status).toBe(404);
  });

  it('reads are not writes: a GET from another site is answered as before (the browser keeps the answer from it)', async () => {
    const res = await send('GET', '/api/v1/me', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
  });

  it('lets same-origin, trusted-origin and header-less writes through', async () => {
    // the app's own origin (PUBLIC_URL), from the page itself
    const own = await send('POST', '/api/v1/profiles', { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }, profile);
    expect(own.status).toBe(201);
    const step = { step: 2, age: 31, locationCity: 'Leeds' };
    const allowed: Record<string, string>[] = [
      // the origin the request itself was sent to (http://localhost here)
      { origin: 'http://localhost' },
      // a trusted origin (the Vite dev server), a different port: same-site, not same-origin
      { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' },
      // a top-level navigation the member typed, or a client that sends neither header (curl, a script)
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of allowed) {
      const res = await send('PUT', '/api/v1/profiles/me/setup', headers, step);
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    expect((await send('DELETE', '/api/v1/members/me/location', {})).status).toBe(200);
  });
});

describe('origins the operator trusts (TRUSTED_ORIGINS)', () => {
  it('let writes through from those origins, however written, and from no other', async () => {
    const { app } = appWithSettings(t, { TRUSTED_ORIGINS: 'https://app.example.com/, https://admin.example.com:8443/path' });
    for (const origin of ['https://app.example.com', 'https://admin.example.com:8443']) {
      const res = await send('DELETE', '/api/v1/members/me/location', { origin, 'sec-fetch-site': 'cross-site' }, undefined, app);
      expect(res.status, origin).toBe(200);
    }
    for (const origin of ['https://example.com', 'http://app.example.com', 'https://admin.example.com']) {
      const res = await send('DELETE', '/api/v1/members/me/location', { origin }, undefined, app);
      expect(res.status, origin).toBe(403);
      expect(res.json, origin).toEqual(FOREIGN);
    }
  });
});
