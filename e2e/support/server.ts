import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns the real server (bundled as `npm start` runs it: support/global-setup.ts) on a free port, without waiting for it. */
export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let out = '';
  const child = spawn(process.execPath, [inject('serverMain')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      // always the embedded database, whatever the shell has set
      DATABASE_URL: '',
      SEED: 'never',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url, port, output: () => out, exited };
}

/** Waits until /api/v1/health answers 200 (or the process dies). */
export async function waitUntilReady(p: ServerProcess) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`server exited early (${p.child.exitCode}):\n${p.output()}`);
    try {
      if ((await fetch(`${p.url}/api/v1/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A server whose process can be stopped and started again on the same data (see `startRestartableServer`). */
export interface RestartableServer extends RunningServer {
  /**
   * Stops the server process, runs `whileStopped` (e.g. writes to its embedded database with
   * `withEmbeddedDatabase(server.dataDir, …)`, which needs the server not to hold it) and starts the
   * server again on the same data. It comes back on a new port: `url` and `port` follow it, so make
   * browser contexts after the restart.
   */
  restart(whileStopped?: () => Promise<void>): Promise<void>;
}

/**
 * Starts the real server (built web app, embedded PGlite in a temp dir copied from the migrated
 * template) on a free port. `stop()` ends it for good and removes its data; `restart()` keeps the data.
 */
export async function startRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-e2e-'));
  let current: ServerProcess | undefined;
  const start = async () => {
    current = await spawnServer(dataDir, env);
    await waitUntilReady(current);
  };
  const end = async () => {
    if (current && current.child.exitCode === null) {
      current.child.kill('SIGTERM');
      await current.exited;
    }
  };
  const running = () => {
    if (!current) throw new Error('the server has not started');
    return current;
  };
  try {
    await cp(inject('migratedDataDir'), path.join(dataDir, 'db'), { recursive: true });
    await start();
  } catch (err) {
    await end();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    get url() {
      return running().url;
    },
    get port() {
      return running().port;
    },
    dataDir,
    get process() {
      return running().child;
    },
    output: () => running().output(),
    async restart(whileStopped) {
      await end();
      await whileStopped?.();
      await start();
    },
    async stop() {
      await end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the real server (built web app, embedded PGlite in a temp dir) on a free port. */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startRestartableServer(env);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to an address in the dev outbox, waiting for it to arrive. */
export async function mailTo(server: RunningServer, to: string, subjectIncludes = ''): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${server.url}/dev/outbox/api`);
    const { messages } = (await res.json()) as { messages: OutboxMail[] };
    const mail = messages.find((m) => m.to === to && m.subject.includes(subjectIncludes));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const firstLink = (text: string) => {
  const m = /https?:\/\/\S+/.exec(text);
  if (!m) throw new Error('no link in mail');
  return m[0];
};
