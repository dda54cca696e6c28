import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { ORIGIN, type Client } from '../test/http';
import { finishedMember } from '../test/members';

let t: TestApp;
let member: Client;
beforeAll(async () => {
  t = await createTestApp();
  member = (await finishedMember(t, 'zip_zed', { city: 'Leeds' })).c;
  // a long bio makes the member's own profile an answer worth packing
  const bio = 'We love dancing, good food and meeting new friends at clubs across the north. '.repeat(12);
  expect((await member.request('PUT', '/api/v1/profiles/me/setup', { step: 4, bio })).status).toBe(200);
});
afterAll(() => t.close());

const cookie = () => [...member.jar].map(([k, v]) => `${k}=${v}`).join('; ');

describe('API answers on the wire', () => {
  it('sends a large JSON answer gzipped to a client that takes gzip, the same JSON once unpacked', async () => {
    const plain = await member.get('/api/v1/profiles/me');
    expect(plain.status).toBe(200);
    expect(plain.text.length).toBeGreaterThan(1024);

    const res = await t.app.request('/api/v1/profiles/me', {
      headers: { origin: ORIGIN, cookie: cookie(), 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const packed = new Uint8Array(await res.arrayBuffer());
    expect(packed.length).toBeLessThan(plain.text.length / 3);
    const unpacked = await new Response(new Blob([packed]).stream().pipeThrough(new DecompressionStream('gzip'))).json();
    expect(unpacked).toEqual(plain.json);
  });

  it('sends it as it is to a client that asks for no encoding', async () => {
    const res = await t.app.request('/api/v1/profiles/me', { headers: { origin: ORIGIN, cookie: cookie() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(((await res.json()) as { profile: { bio: string } }).profile.bio).toContain('dancing');
  });

  it('sends a short answer as it is, with its length, even to a client that takes gzip', async () => {
    const res = await t.app.request('/api/v1/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ status: 'ok' });
  });

  it('respects gzip;q=0, and leaves an error answer unpacked', async () => {
    const refused = await t.app.request('/api/v1/profiles/me', {
      headers: { origin: ORIGIN, cookie: cookie(), 'accept-encoding': 'gzip;q=0, deflate' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(((await refused.json()) as { profile: { bio: string } }).profile.bio).toContain('dancing');
    const missing = await t.app.request('/api/v1/profiles/not-a-member', {
      headers: { origin: ORIGIN, cookie: cookie(), 'accept-encoding': 'gzip' },
    });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.headers.get('content-encoding')).toBeNull();
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBeTruthy();
  });
});
