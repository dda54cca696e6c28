// The discovery bench's second floor: the very statements each request sends (captured from the real
// routes, per caller), answered by a bare node:http server with node-postgres and none of the app's
// request code (no framework, session, validation or cards: the rows as JSON; its pools are opened and
// its rows read as the server's, by db/pool.ts and db/prepared.ts). What is left of a request's p95
// there is the database's work and the driver's, on the same two cores under the same load.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, signIn } from '../server.mjs';
import { pathOf } from './discovery-requests.mjs';
import { inProcessApp } from './in-process-app.mjs';

/**
 * Each request's statements as the load sends it: the i-th sending is `pathOf(p, i)` as caller
 * i mod the callers (discovery.mjs), one cycle of them; each recorded after a first run, so a
 * count the server keeps between requests is not read again. `beforeEach` runs before a request's
 * sendings (the bench makes the online members online again, as before measuring it). A request the
 * app does not answer with 200 is left out (its bare figure is not measured).
 */
export async function captureStatements(url, callers, requests, { beforeEach = async () => {} } = {}) {
  // the online counts kept 5 s, as the server keeps them (tests count for every request)
  const app = await inProcessApp(url, { ONLINE_COUNT_SECONDS: '5' });
  try {
    const cookies = [];
    for (const c of callers) cookies.push(await signIn(app.base, c.email, { request: app.request }));
    const byName = {};
    for (const [name, , p] of requests) {
      await beforeEach();
      // the searches cycle through 3 or 6 texts: 60 sendings meet every caller with every text
      const cycle = typeof p === 'function' ? 60 : cookies.length;
      let sendings = [];
      for (let i = 0; i < cycle && sendings !== null; i++) {
        const send = () => app.request(pathOf(p, i), { headers: { cookie: cookies[i % cookies.length], origin: app.base } });
        await (await send()).text();
        const { result: status, statements } = await app.record(async () => {
          const res = await send();
          await res.text();
          return res.status;
        });
        if (status !== 200) sendings = null;
        else sendings.push(statements.filter((s) => !/^\s*set\s/i.test(s.text)));
      }
      if (sendings) byName[name] = sendings;
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
  // with tsx: it reads rows as the server's db/prepared.ts does
  const child = spawn(process.execPath, ['--import', 'tsx', server, file], {
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
    /** whether the request's statements were captured (it answered 200 in the app) */
    has: (name) => Object.hasOwn(statements, name),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')));
      rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}
