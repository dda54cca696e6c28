import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { messages } from '@velvet/core/messages';
import { appWithSettings, createTestApp, type TestApp } from '../../test/test-app';
import { client, ORIGIN } from '../../test/http';
import { session, user } from '../db/schema/index';
import { handleError } from './errors';

let t: TestApp;
/** The app behind a proxy: contact-form requests come from distinct addresses, under its rate limit. */
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  proxied = { ...t, ...instance({ TRUSTED_PROXY_HEADER: 'x-forwarded-for' }) };
});
afterAll(() => t.close());

let address = 0;
/** A request to the contact form from its own client address. */
const contact = (body: unknown, headers: Record<string, string> = {}) =>
  client(proxied).request('POST', '/api/v1/contact', body, { 'x-forwarded-for': `192.0.2.${++address}`, ...headers });

const INTERNAL = { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: messages.errors.notFound } };

/** Another instance of the app on the same database, with its own settings. */
function instance(env: Record<string, string>) {
  return appWithSettings(t, env);
}

describe('error bodies', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/v1/me/deeper/still', '/api/nothing', '/api/v2/me']) {
      const res = await client(t).get(url);
      expect(res.status, url).toBe(404);
      expect(res.json, url).toEqual(NOT_FOUND);
    }
    const post = await client(t).post('/api/v1/nothing-here', { a: 1 });
    expect(post.status).toBe(404);
    expect(post.json).toEqual(NOT_FOUND);
  });

  it('answers unknown /api/auth routes with the same JSON 404', async () => {
    const res = await client(t).get('/api/auth/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual(NOT_FOUND);
  });

  it('turns an unexpected failure into a 500 with the spec words and no internals', async () => {
    // the table behind the contact form goes missing: the database throws mid-request
    await t.database.db.execute(sql`alter table contact_messages rename to contact_messages_gone`);
    try {
      const res = await contact({ name: 'Ann', email: 'ann@example.com', message: 'Hello' });
      expect(res.status).toBe(500);
      expect(res.json).toEqual(INTERNAL);
      expect(res.text).not.toMatch(/contact_messages|select |insert |\.ts:\d+|\bat /);
    } finally {
      await t.database.db.execute(sql`alter table contact_messages_gone rename to contact_messages`);
    }
    expect((await contact({ name: 'Ann', email: 'ann@example.com', message: 'Hello' })).status).toBe(201);
  });

  it('gives the same 500 body when a failure happens inside an auth route', async () => {
    await t.database.db.execute(sql`alter table sign_in_attempt rename to sign_in_attempt_gone`);
    try {
      const res = await client(t).post('/api/auth/sign-in/email', { email: 'ann@example.com', password: 'whatever-1' });
      expect(res.status).toBe(500);
      expect(res.json).toEqual(INTERNAL);
    } finally {
      await t.database.db.execute(sql`alter table sign_in_attempt_gone rename to sign_in_attempt`);
    }
  });

  it('handleError: logs the error, never shows its message or stack', async () => {
    const log = { error: vi.fn() } as unknown as Logger;
    const app = new Hono();
    app.onError((err, c) => handleError(err, c, log));
    app.get('/boom', () => {
      throw new Error('secret detail at /srv/app/secret.ts:42');
    });
    app.get('/unauth', () => {
      throw new HTTPException(401);
    });
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual(INTERNAL);
    expect(text).not.toContain('secret');
    expect(log.error).toHaveBeenCalledOnce();
    const unauth = await app.request('/unauth');
    expect(unauth.status).toBe(401);
    expect(await unauth.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: messages.errors.unauthenticated } });
  });

  it('readJson: wrong content type 415, malformed JSON 400, oversized 413, wrong types 400 in the spec words', async () => {
    const text = await contact('name=Ann', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.json).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.errors.unsupportedMediaType } });
    const broken = await contact('{"name":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);
    expect(broken.json.error.code).toBe('MALFORMED_JSON');
    const huge = await contact(JSON.stringify({ message: 'x'.repeat(5 * 1024 * 1024) }), { 'content-type': 'application/json' });
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ error: { code: 'BODY_TOO_LARGE', message: messages.errors.bodyTooLarge } });
    const typed = await contact({ name: ['Ann'], email: 5, message: { $gt: '' } });
    expect(typed.status).toBe(400);
    expect(typed.json.error.code).toBe('VALIDATION_FAILED');
    const blank = await contact({ name: 'Ann', email: 'ann@example.com', message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.error.message).toBe(messages.contact.messageRequired);
  });
});

describe('/dev/outbox', () => {
  it('shows the mail outside production', async () => {
    const api = await client(t).get('/dev/outbox/api');
    expect(api.status).toBe(200);
    expect(Array.isArray(api.json.messages)).toBe(true);
    const page = await client(t).get('/dev/outbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Dev outbox');
    // the app's policy; its one inline <style> is allowed by its hash
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'sha256-[A-Za-z0-9+/=]{44}';/);
    expect(policy).toContain("object-src 'none'; base-uri 'none'; frame-ancestors 'none'");
    const style = /<style>([^<]*)<\/style>/.exec(page.text)![1]!;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('is not there in production', async () => {
    const { app } = instance({ NODE_ENV: 'production' });
    for (const url of ['/dev/outbox', '/dev/outbox/api']) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
  });
});

describe('client address recorded on the session', () => {
  const servers: ServerType[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  /** Serves an app on a real socket on 127.0.0.1, so the TCP peer address is real. */
  async function listen(app: Hono<any>) {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  let email = '';
  beforeAll(async () => {
    const ctx = await t.auth.$context;
    email = `ip.${Date.now().toString(36)}@example.com`;
    const created = await ctx.internalAdapter.createUser({ email, name: 'Ip', emailVerified: true }, { method: 'email-password' });
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: 'credential',
      accountId: created.id,
      password: await ctx.password.hash('correct-horse-1'),
    });
  });

  async function signInFrom(base: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password: 'correct-horse-1' }),
    });
    expect(res.status).toBe(200);
    // the answer carries no token: the session cookie does (token.signature)
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split('.')[0]!;
    const [row] = await t.database.db.select().from(session).where(eq(session.token, token));
    return row!.ipAddress;
  }

  it('trusts the operator’s proxy header: each forwarded client is recorded as itself', async () => {
    const base = await listen(instance({ TRUSTED_PROXY_HEADER: 'X-Forwarded-For' }).app);
    expect(await signInFrom(base, { 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await signInFrom(base, { 'x-forwarded-for': '198.51.100.23' })).toBe('198.51.100.23');
    // the proxy appends the peer it saw; whatever the client put before it is not believed
    expect(await signInFrom(base, { 'x-forwarded-for': '6.6.6.6, 203.0.113.8' })).toBe('203.0.113.8');
  });

  it('without a trusted proxy header, ignores forwarded and internal headers the client sends', async () => {
    const base = await listen(t.app);
    const recorded = await signInFrom(base, { 'x-forwarded-for': '203.0.113.66', 'x-velvet-client-ip': '203.0.113.67' });
    expect(recorded).toBe('127.0.0.1');
    const rows = await t.database.db
      .select({ ip: session.ipAddress })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, email));
    expect(rows.map((r) => r.ip)).not.toContain('203.0.113.66');
    expect(rows.map((r) => r.ip)).not.toContain('203.0.113.67');
  });
});
