import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@velvet/core/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, ORIGIN, signedInMember, type Client } from '../../test/http';
import { jsonDeeperThan } from './json-depth';

let t: TestApp;
let member: Client;
beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t, 'deep.json@example.test');
});
afterAll(() => t.close());

/** `{"a":{"a":…1…}}`, `depth` objects deep. */
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
/** `[[[…]]]`, `depth` arrays deep. */
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const TOO_DEEP = { error: { code: 'JSON_TOO_DEEP', message: messages.errors.jsonTooDeep } };
const asJson = { 'content-type': 'application/json' };

describe('JSON nested too deeply', () => {
  it('is refused with a 400 on /api/auth, before the auth library parses it (5 000 levels, 30 KB)', async () => {
    const body = objects(5000);
    expect(body.length).toBeGreaterThan(30_000);
    const res = await member.post('/api/auth/update-user', body, asJson);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(TOO_DEEP);
    const signUp = await client(t).post('/api/auth/sign-up/email', arrays(65), asJson);
    expect(signUp.status).toBe(400);
    expect(signUp.json).toEqual(TOO_DEEP);
    // the member is still signed in and the name unchanged
    expect((await member.get('/api/v1/me')).status).toBe(200);
  });

  it('is refused with a 400 on /api/v1, signed in or not', async () => {
    for (const [url, c] of [
      ['/api/v1/contact', client(t)],
      ['/api/v1/profiles', member],
    ] as const) {
      for (const body of [objects(5000), arrays(65), `{"name":"Ann","x":${arrays(70)}}`]) {
        const res = await c.post(url, body, asJson);
        expect(res.status, url).toBe(400);
        expect(res.json, url).toEqual(TOO_DEEP);
      }
    }
    const put = await member.request('PUT', '/api/v1/profiles/me/setup', objects(100), asJson);
    expect(put.status).toBe(400);
    expect(put.json).toEqual(TOO_DEEP);
  });

  it('lets 64 levels through to the handler, and counts no bracket inside a string', async () => {
    const deepEnough = await client(t).post('/api/v1/contact', objects(64), asJson);
    expect(deepEnough.status).toBe(400);
    expect(deepEnough.json.error.code).toBe('VALIDATION_FAILED');
    // brackets, escaped quotes and backslashes inside strings are text, not nesting
    const message = `${'['.repeat(100)} a quote \\" then ${'{'.repeat(100)} and a backslash \\\\`;
    const body = `{"name":"Ann ${'['.repeat(80)}","email":"ann@example.com","message":"${message}"}`;
    const ok = await client(t).post('/api/v1/contact', body, asJson);
    expect(ok.status, ok.text).toBe(201);
    expect((await member.post('/api/auth/update-user', { name: `Deep ${'{'.repeat(200)}` })).status).toBe(200);
  });

  it('reads a body sent in chunks (no Content-Length) the same way, after the body limit', async () => {
    const bytes = new TextEncoder().encode(arrays(200));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 50) controller.enqueue(bytes.subarray(i, i + 50));
        controller.close();
      },
    });
    const res = await t.app.request('/api/v1/contact', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(TOO_DEEP);
  });
});

describe('jsonDeeperThan', () => {
  const deeper = (text: string, max: number) => jsonDeeperThan(new TextEncoder().encode(text), max);

  it('counts objects and arrays inside one another, not side by side', () => {
    expect(deeper(objects(3), 3)).toBe(false);
    expect(deeper(objects(4), 3)).toBe(true);
    expect(deeper('[[[]]]', 3)).toBe(false);
    expect(deeper('[[[[]]]]', 3)).toBe(true);
    expect(deeper('[{"a":[1]},{"b":[2]},[[3]]]', 3)).toBe(false);
    expect(deeper('{"a":[1,{"b":{"c":[]}}]}', 3)).toBe(true);
    expect(deeper(`[${'[],'.repeat(10_000)}[]]`, 2)).toBe(false);
    expect(deeper('', 0)).toBe(false);
    expect(deeper('42', 0)).toBe(false);
  });

  it('skips strings, with their escaped quotes and backslashes', () => {
    expect(deeper('["[[[[[[", "{{{{{{"]', 1)).toBe(false);
    expect(deeper('["a \\" [[[[ \\"", 1]', 1)).toBe(false); // an escaped quote does not end the string
    expect(deeper('["a \\\\", [[1]]]', 1)).toBe(true); // an escaped backslash: the quote after it ends the string
    expect(deeper('["é [[[[ ü", "\\u005b[["]', 1)).toBe(false);
  });

  it('lets stray closing brackets lower nothing below zero (malformed text is the parser’s to refuse)', () => {
    expect(deeper(']]]]][[[', 2)).toBe(true);
    expect(deeper('}}}}[[', 2)).toBe(false);
  });
});
