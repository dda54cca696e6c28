// Shared by the benchmarks: spawns the real server (as `npm start` does) and waits for its health check.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeArgs } from '../scripts/server-node-args.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

let bundle;
/** The server as `npm start` runs it: bundled once per bench process (scripts/build-server.mjs). */
const serverBundle = () => (bundle ??= import('../scripts/build-server.mjs').then((m) => m.buildServer()));

/** Spawns the server (as `npm start` does) with the given environment; `ready` resolves with the ms from spawn to the first 200 from /api/v1/health. */
export async function spawnServer(env, { startTimeoutMs = 120_000 } = {}) {
  const main = await serverBundle();
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = '';
  const startedAt = performance.now();
  // BENCH_SERVER_NODE_ARGS passes extra flags to the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const childEnv = serverEnv({ ...process.env, PORT: String(port), PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env });
  const child = spawn(process.execPath, [...nodeArgs, ...serverNodeArgs(childEnv), main], {
    cwd: path.join(root, 'server'),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // BENCH_SERVER_LOG=<file> also appends the server's output there as it comes (e.g. with --trace-gc)
  const log = process.env.BENCH_SERVER_LOG;
  const collect = (d) => {
    output += d.toString();
    if (log) appendFileSync(log, d);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));

  const ready = (async () => {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
      try {
        const res = await fetch(`${url}/api/v1/health`);
        if (res.status === 200) return performance.now() - startedAt;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  return {
    url,
    ready,
    /** the server process, for reading its memory from /proc */
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Signs a member in with a password (the seed's demo password by default); returns the session cookie. `request` may be an in-process app's. */
export async function signIn(base, email, { password = 'velvet-demo', request = fetch } = {}) {
  const res = await request(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!res.ok || !cookie) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** Formats a table of rows (arrays of strings); columns of numbers (with units) are right-aligned. */
export function table(header, rows) {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const numeric = header.map((_, i) => rows.every((r) => /^[\d.,%-]+( ?(kB|ms|s))?$/.test(String(r[i]))));
  const line = (r) => r.map((c, i) => (numeric[i] ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
