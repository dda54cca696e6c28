import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { REALTIME_PATH } from '@velvet/core/realtime/protocol';
import { openDatabase } from '../db/client';
import { createPgListener } from '../db/pg-listener';
import { createMailer } from '../mail/mailer';
import { signedInMember, type Client } from '../../test/http';
import type { TestApp } from '../../test/test-app';
import { cookieOf, openSocket, type TestSocket } from '../../test/realtime-server';
import { createPostgresDatabase, dropPostgresDatabase } from '../../test/postgres-databases';

/**
 * Two real server processes (as `npm start` runs them) on ONE PostgreSQL database: an event
 * published by one reaches sockets held by the other through LISTEN/NOTIFY. Needs a PostgreSQL
 * server, so it runs only when TEST_DATABASE_URL is set (vitest lists it as skipped otherwise):
 * PGlite is one process by nature, and realtime.test.ts covers it.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ORIGIN = 'http://localhost:3000';

async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

interface Instance {
  child: ChildProcess;
  base: string;
  wsUrl: string;
  output: string[];
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [inject('serverMain')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, wsUrl: `ws://127.0.0.1:${port}${REALTIME_PATH}`, output };
}

/** A new database on the test server; its URL. */
const createDatabase = async (name: string) => new URL(await createPostgresDatabase(serverUrl!, name));
const dropDatabase = (name: string) => dropPostgresDatabase(serverUrl!, name);

/** The test http client and sign-up helper, pointed at a running instance instead of an in-process app. */
const remote = (base: string, mailer: TestApp['mailer']) =>
  ({
    app: { request: (url: string, init: RequestInit) => fetch(base + url, { ...init, redirect: 'manual' }) },
    mailer,
  }) as unknown as TestApp;

describe.runIf(serverUrl)('two server processes on one PostgreSQL', () => {
  const dbName = `velvet_fanout_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  let one: Instance;
  let two: Instance;
  let a: Client;
  let b: Client;
  let bId: string;
  let aId: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    // migrate once up front: two instances starting together must not race on migrations
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    await database.close();

    dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-fanout-'));
    const env = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED: 'never',
      PUBLIC_URL: ORIGIN,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST: '',
    };
    [one, two] = await Promise.all([startInstance(env), startInstance(env)]);
    // both instances share DATA_DIR, so the dev outbox holds the confirmation mail
    const mailer = createMailer({ from: 'test', outboxDir: path.join(dataDir, 'outbox') });
    [a, b] = await Promise.all([
      signedInMember(remote(one.base, mailer), 'one@example.com'),
      signedInMember(remote(two.base, mailer), 'two@example.com'),
    ]);
    aId = (await a.get('/api/v1/me')).json.user.id;
    bId = (await b.get('/api/v1/me')).json.user.id;
  }, 90_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const instance of [one, two]) {
      if (!instance || instance.child.exitCode !== null) continue;
      instance.child.kill('SIGTERM');
      await once(instance.child, 'exit');
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(dbName);
  }, 30_000);

  it('a message sent through process 1 arrives on a socket held by process 2, and back', async () => {
    const onTwo = openSocket(two.wsUrl, { cookie: cookieOf(b) });
    const onOne = openSocket(one.wsUrl, { cookie: cookieOf(a) });
    sockets.push(onTwo, onOne);
    await Promise.all([onTwo.next('ready'), onOne.next('ready')]);

    // a's requests go to process 1 (its client was made against it), b's to process 2
    const sent = await a.post(`/api/v1/messages/conversations/${bId}/messages`, { content: 'across processes', clientId: 'x-1' });
    expect(sent.status).toBe(201);
    const got = await onTwo.next('message.created', (e) => e.payload.message.id === sent.json.message.id);
    expect(got.payload.message).toEqual(sent.json.message);
    // its notification (activities, NOTIFYed by PostgreSQL on commit) reaches process 2's socket too
    const note = await onTwo.next('activity.created', (e) => e.payload.activity.type === 'message');
    expect(note.payload.activity.subject).toEqual({ kind: 'message', id: sent.json.message.id });

    const reply = await b.post(`/api/v1/messages/conversations/${aId}/messages`, { content: 'and back', clientId: 'y-1' });
    await onOne.next('message.created', (e) => e.payload.message.id === reply.json.message.id);

    const big = await a.post(`/api/v1/messages/conversations/${bId}/messages`, { content: 'é'.repeat(5000) });
    expect((await onTwo.next('message.created', (e) => e.payload.message.id === big.json.message.id)).payload.message.content).toBe(
      'é'.repeat(5000),
    );

    expect((await a.delete(`/api/v1/messages/${sent.json.message.id}`)).status).toBe(200);
    await onTwo.next('message.deleted', (e) => e.payload.id === sent.json.message.id);
  });

  it('shuts down cleanly: sockets are closed with 1001, the process exits 0', async () => {
    const s = openSocket(two.wsUrl, { cookie: cookieOf(b) });
    sockets.push(s);
    await s.next('ready');
    two.child.kill('SIGTERM');
    const [code] = (await once(two.child, 'exit')) as [number];
    expect(code).toBe(0);
    expect((await s.closed).code).toBe(1001);
  });
});

/** The pids of a process's children (a cluster primary's workers). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A request on a connection of its own: the cluster hands each new connection to the next worker. */
function onNewConnection(method: string, url: string, cookie = '', body?: unknown): Promise<{ status: number; json: any }> {
  const data = Buffer.from(body === undefined ? '' : JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json', 'content-length': data.length, connection: 'close' },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe.runIf(serverUrl)('WORKERS=2: one port served by two processes', () => {
  const dbName = `velvet_cluster_${randomBytes(5).toString('hex')}`;
  let dataDir: string;
  let server: Instance;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-cluster-'));
    // no migration up front: the primary migrates once, before it starts the workers
    server = await startInstance({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED: 'never',
      PUBLIC_URL: ORIGIN,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      WEB_DIST: '',
      WORKERS: '2',
    });
  }, 90_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(dbName);
  }, 30_000);

  it('delivers every message to the receiver’s socket, whichever process took the send; a dead process is replaced', async () => {
    await expect.poll(() => childrenOf(server.child.pid!).length, { timeout: 10_000 }).toBe(2);
    const mailer = createMailer({ from: 'test', outboxDir: path.join(dataDir, 'outbox') });
    const [a, b] = await Promise.all([
      signedInMember(remote(server.base, mailer), 'cluster.a@example.com'),
      signedInMember(remote(server.base, mailer), 'cluster.b@example.com'),
    ]);
    const bId = (await b.get('/api/v1/me')).json.user.id as string;
    const socket = openSocket(server.wsUrl, { cookie: cookieOf(b) });
    sockets.push(socket);
    await socket.next('ready');

    // six sends on six connections: handed to the two processes in turn, the socket is on one of them
    for (let i = 0; i < 6; i++) {
      const sent = await onNewConnection('POST', `${server.base}/api/v1/messages/conversations/${bId}/messages`, cookieOf(a), {
        content: `hello ${i}`,
        clientId: `cluster-${i}`,
      });
      expect(sent.status).toBe(201);
      const got = await socket.next('message.created', (e) => e.payload.message.id === sent.json.message.id);
      expect(got.payload.message.content).toBe(`hello ${i}`);
    }

    const [victim, survivor] = childrenOf(server.child.pid!);
    process.kill(victim!, 'SIGKILL');
    await expect
      .poll(() => childrenOf(server.child.pid!).filter((pid) => pid !== victim), { timeout: 15_000 })
      .toEqual([survivor, expect.any(Number)]);
    // both processes answer again, the new one included
    for (let i = 0; i < 4; i++) expect((await onNewConnection('GET', `${server.base}/api/v1/me`, cookieOf(a))).status).toBe(200);
  });

  it('stops every process on SIGTERM and exits 0', async () => {
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number];
    expect(code).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe.runIf(serverUrl)('the PostgreSQL listener', () => {
  it('reconnects after its connection is killed, asks for a resync, and hears notifications again', async () => {
    const listener = createPgListener(serverUrl!);
    const channel = `velvet_test_${randomBytes(4).toString('hex')}`;
    const heard: string[] = [];
    let reconnects = 0;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await listener.listen(
        channel,
        (p) => heard.push(p),
        () => reconnects++,
      );
      await admin.query('select pg_notify($1, $2)', [channel, 'one']);
      await expect.poll(() => heard).toEqual(['one']);

      await admin.query('select pg_terminate_backend($1)', [listener.backendPid()]);
      await expect.poll(() => reconnects, { timeout: 5000 }).toBe(1);
      await admin.query('select pg_notify($1, $2)', [channel, 'two']);
      await expect.poll(() => heard).toEqual(['one', 'two']);
    } finally {
      await listener.close();
      await admin.end();
    }
  });
});
