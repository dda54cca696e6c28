import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { messages } from '@velvet/core/messages';
import { limits } from '@velvet/core/constants/limits';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ORIGIN, signedInMember } from '../../test/http';
import { bodyLimit } from './body-limit';

const LIMIT = 1000;

/** What a raw HTTP request got back: status and body text. */
function send(port: number, body: string | string[], headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/echo', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    // several writes without a Content-Length: node sends them chunked
    for (const part of Array.isArray(body) ? body : [body]) req.write(part);
    req.end();
  });
}

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<ServerType>((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
const close = (server: ServerType) => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * Sends `size` bytes as a slow client does (a piece every 40 ms, so the whole body takes longer
 * than the half second @hono/node-server gives an unread body before it closes the connection),
 * the way curl or a script uploads: the whole body first, then the answer. What came back, how
 * much had been sent when it came, and whether the connection closed before the last byte went.
 */
function sendSlowly(port: number, path: string, size: number, headers: Record<string, string>) {
  const PIECES = 16;
  return new Promise<{ status: number; text: string; sentAtAnswer: number; closedEarly: boolean; error?: string }>((resolve) => {
    let sent = 0;
    let sentAtAnswer = -1;
    let closedEarly = false;
    let error: string | undefined;
    let answer = { status: 0, text: '' };
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { ...headers, 'content-length': String(size) } },
      (res) => {
        sentAtAnswer = sent;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => (answer = { status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    req.on('socket', (socket) => socket.on('close', () => (closedEarly ||= sent < size)));
    req.on('close', () => resolve({ ...answer, sentAtAnswer, closedEarly, error }));
    const piece = Buffer.alloc(Math.ceil(size / PIECES), 'x');
    const next = () => {
      if (req.destroyed) return;
      const n = Math.min(piece.length, size - sent);
      req.write(piece.subarray(0, n));
      sent += n;
      if (sent < size) setTimeout(next, 40);
      else req.end();
    };
    next();
  });
}

describe('bodyLimit on a real socket', () => {
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    const app = new Hono();
    app.use('*', bodyLimit({ maxSize: LIMIT, onError: (c) => c.text('too large', 413) }));
    app.post('/echo', async (c) => c.json(await c.req.json()));
    app.get('/echo', (c) => c.text('read'));
    server = await listen(app.fetch);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => close(server));

  const json = (n: number) => JSON.stringify({ text: 'x'.repeat(n) });

  it('passes a body within the limit that says its length, and the handler reads it whole', async () => {
    const body = json(900);
    const res = await send(port, body, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ text: 'x'.repeat(900) });
  });

  it('refuses a body whose Content-Length is over the limit', async () => {
    const body = json(2000);
    const res = await send(port, body, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    expect(res).toEqual({ status: 413, text: 'too large' });
  });

  it('counts a chunked body as it comes: within the limit it passes, over it is refused', async () => {
    const small = json(600);
    const ok = await send(port, [small.slice(0, 300), small.slice(300)], { 'content-type': 'application/json' });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toEqual({ text: 'x'.repeat(600) });
    const big = json(3000);
    const refused = await send(port, [big.slice(0, 1500), big.slice(1500)], { 'content-type': 'application/json' });
    expect(refused).toEqual({ status: 413, text: 'too large' });
  });

  it('reads a refused body to its end before answering, so a slow client still sending it gets the 413, not a closed connection', async () => {
    const size = 2 * 1024 * 1024;
    const res = await sendSlowly(port, '/echo', size, { 'content-type': 'application/json' });
    expect(res).toEqual({ status: 413, text: 'too large', sentAtAnswer: size, closedEarly: false, error: undefined });
  });

  it('lets a GET through', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('read');
  });
});

describe('every body limit of the app on a real socket: a slow client sending too much gets the 413, not EPIPE', () => {
  let t: TestApp;
  let server: ServerType;
  let port = 0;
  let cookie = '';
  beforeAll(async () => {
    t = await createTestApp();
    const member = await signedInMember(t, 'slow.uploader@example.test');
    cookie = [...member.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    server = await listen(t.app.fetch);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (server) await close(server);
    await t?.close();
  });

  const multipart = 'multipart/form-data; boundary=velvet';
  it.each([
    ['POST /media', '/api/v1/media', limits.imageMaxBytes + 2 * 1024 * 1024, multipart, 'IMAGE_TOO_LARGE', messages.uploads.imageTooLarge],
    [
      'POST /verifications',
      '/api/v1/verifications',
      limits.imageMaxBytes + 2 * 1024 * 1024,
      multipart,
      'IMAGE_TOO_LARGE',
      messages.verification.tooLarge,
    ],
    ['POST /content', '/api/v1/content', limits.contentFileMaxBytes + 1024 * 1024, multipart, 'FILE_TOO_LARGE', messages.content.tooLarge],
    [
      'the 1 MB JSON limit',
      '/api/v1/profiles',
      2 * limits.jsonBodyMaxBytes,
      'application/json',
      'BODY_TOO_LARGE',
      messages.errors.bodyTooLarge,
    ],
  ])('%s', async (_name, path, size, type, code, message) => {
    const res = await sendSlowly(port, path, size, { origin: ORIGIN, cookie, 'content-type': type });
    expect({ ...res, text: undefined }).toEqual({ status: 413, text: undefined, sentAtAnswer: size, closedEarly: false, error: undefined });
    expect(JSON.parse(res.text)).toEqual({ error: { code, message } });
  });
});

describe('an upload refused before its body is read (a visitor) on a real socket: the client gets the 401, not EPIPE', () => {
  let t: TestApp;
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.app.fetch);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (server) await close(server);
    await t?.close();
  });

  it.each([
    ['POST /media', '/api/v1/media', messages.uploads.signInRequired],
    ['POST /content', '/api/v1/content', messages.uploads.signInRequired],
    ['POST /verifications', '/api/v1/verifications', undefined],
  ])('%s', async (_name, path, message) => {
    const size = 3 * 1024 * 1024;
    const res = await sendSlowly(port, path, size, { origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=velvet' });
    expect({ ...res, text: undefined }).toEqual({ status: 401, text: undefined, sentAtAnswer: size, closedEarly: false, error: undefined });
    if (message) expect(JSON.parse(res.text).error.message).toBe(message);
  });
});
