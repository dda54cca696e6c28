import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import WebSocket from 'ws';
import { REALTIME_PATH } from '@velvet/core/realtime/protocol';
import type { ServerEvent } from '@velvet/core/realtime/events';
import { loadConfig } from '../src/config/env';
import { createMailer } from '../src/mail/mailer';
import { createLocalStorage } from '../src/storage/local-storage';
import { createLogger } from '../src/logger';
import { createApp } from '../src/app';
import { openTestDatabase, type TestApp } from './test-app';
import { ORIGIN, type Client } from './http';
import { testPasswordHashing } from './test-password';

/** The app on a real port, as main.ts serves it (HTTP + WebSocket upgrade). */
export async function startTestServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-rt-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, ...env });
  const { database, drop } = await openTestDatabase();
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') });
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  const built = createApp({ config, database, mailer, storage, log: createLogger('silent'), passwordHashing: testPasswordHashing });
  const server = serve({ fetch: built.app.fetch, port: 0, hostname: '127.0.0.1', websocket: built.websocket }) as Server;
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const t: TestApp = {
    app: built.app,
    auth: built.auth,
    sessions: built.sessions,
    database,
    mailer,
    config,
    dataDir,
    async close() {
      await built.realtime.close(200);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return { t, base, wsUrl: `ws://127.0.0.1:${port}${REALTIME_PATH}`, realtime: built.realtime };
}

/** The Cookie header a test client holds. */
export const cookieOf = (c: Client) => [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** A real HTTP request to a running server, as a signed-in client. */
export async function httpRequest(base: string, c: Client, method: string, url: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { origin: ORIGIN, cookie: cookieOf(c), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

export interface TestSocket {
  ws: WebSocket;
  events: ServerEvent[];
  /** resolves with the first event (already received or coming) that matches */
  next<T extends ServerEvent['type']>(
    type: T,
    match?: (e: Extract<ServerEvent, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerEvent, { type: T }>>;
  /** resolves with the close code and reason */
  closed: Promise<{ code: number; reason: string }>;
  send(event: unknown): void;
  close(): Promise<void>;
}

/** Opens a socket (with a cookie and an Origin when given) and records every event. */
export function openSocket(wsUrl: string, opts: { cookie?: string; origin?: string } = {}): TestSocket {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  const ws = new WebSocket(wsUrl, { headers, origin: opts.origin });
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    events.push(JSON.parse(data.toString('utf8')) as ServerEvent);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  ws.on('error', () => undefined);
  return {
    ws,
    events,
    closed,
    next(type, match = () => true, timeoutMs = 3000) {
      type E = Extract<ServerEvent, { type: typeof type }>;
      const find = () => events.find((e): e is E => e.type === type && match(e as E));
      return new Promise<E>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} event within ${timeoutMs} ms (got ${events.map((e) => e.type).join(', ') || 'nothing'})`));
        }, timeoutMs);
        const check = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(hit);
        };
        waiters.add(check);
      });
    },
    send: (event) => ws.send(JSON.stringify(event)),
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}
