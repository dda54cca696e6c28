import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
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

describe('bodyLimit on a real socket', () => {
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    const app = new Hono();
    app.use('*', bodyLimit({ maxSize: LIMIT, onError: (c) => c.text('too large', 413) }));
    app.post('/echo', async (c) => c.json(await c.req.json()));
    app.get('/echo', (c) => c.text('read'));
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

  it('lets a GET through', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('read');
  });
});
