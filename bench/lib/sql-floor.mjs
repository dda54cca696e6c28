// The discovery bench's second floor: the very statements each request sends (captured from the real
// routes, per caller), answered by a bare node:http server with node-postgres and no code of ours
// (no framework, session, validation or cards: the rows as JSON). What is left of a request's p95
// there is the database's work and the driver's, on the same two cores under the same load.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, signIn } from '../server.mjs';
import { pathOf } from './discovery-requests.mjs';
import { inProcessApp } from './in-process-app.mjs';

/**
 * Each request's statements as the load sends it: the i-th sending is `pathOf(p, i)` as caller
 * i mod the callers (discovery.mjs), one cycle of them; each recorded after a first run, so a
 * count the server keeps between requests is not read again.
 */
export async function captureStatements(url, callers, requests) {
  // the online counts kept 5 s, as the server keeps them (tests count for every request)
  const app = await inProcessApp(url, { ONLINE_COUNT_SECONDS: '5' });
  try {
    const cookies = [];
    for (const c of callers) cookies.push(await signIn(app.base, c.email, { request: app.request }));
    const byName = {};
    for (const [name, , p] of requests) {
      // the searches cycle through 3 or 6 texts: 60 sendings meet every caller with every text
      const cycle = typeof p === 'function' ? 60 : cookies.length;
      const sendings = [];
      for (let i = 0; i < cycle; i++) {
        const send = () => app.request(pathOf(p, i), { headers: { cookie: cookies[i % cookies.length], origin: app.base } });
        await (await send()).text();
        const { statements } = await app.record(async () => (await send()).text());
        sendings.push(statements.filter((s) => !/^\s*set\s/i.test(s.text)));
      }
      byName[name] = sendings;
    }
    return byName;
  } finally {
    await app.close();
  }
}

/** Starts the bare server over `statements` (captureStatements); GET /<name> runs that request's next sending. */
export async function startSqlFloor(url, statements) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'velvet-sql-floor-')), 'statements.json');
  writeFileSync(file, JSON.stringify(statements));
  const port = await freePort();
  const server = fileURLToPath(new URL('./sql-floor-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [server, file], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the SQL floor server exited (${code})`)));
  });
  return {
    url: `http://localhost:${port}`,
    pid: child.pid,
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))),
  };
}
