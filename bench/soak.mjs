// Soak. Budget (issue 18 §4): 10 minutes of mixed load (sign-in, lists, messages, uploads) with
// the server's RSS flat after warm-up and no error responses.
//
//   node bench/soak.mjs [--minutes 10] [--rate 50] [--members 100] [--db postgres|pglite]
//
// The real bundled server (as `npm start`, bench/server.mjs) on a fresh database: on PostgreSQL
// velvet_bench_soak on BENCH_PG_URL's server, created here and dropped at the end; with --db pglite a
// temporary DATA_DIR. The seed CLI puts in the demo community and 1 000 bulk members (who sign in
// with a password); `members` of them, finished, not anonymous and in no block, are the load's
// members. Each signs in and keeps a realtime socket open for the whole run.
//
// Load: open loop at `rate` requests a second (arrivals on schedule whatever the answers, as members
// come), each a random member doing one of MIX: member lists and searches, profile reads, messages to
// another member (the receiver's socket must get it), the inbox, a thread page, a photo upload (a
// small generated JPEG, deleted again so that galleries do not fill up), a sign-in and sign-out.
//
// Verdict, exit 1 when either fails:
// - errors: none. Every answer other than the one expected (any 5xx, any 4xx), every transport
//   error, every socket error or close, every message not on its receiver's socket within 10 s, and
//   every request not sent because 500 were already waiting (the server fell behind).
// - RSS flat: VmRSS sampled every 10 s. After the warm-up (2 minutes; a quarter of the run when it is
//   shorter than 8 minutes) the samples are split in halves: the second half's median within 10 % of
//   the first half's, and the least-squares slope over them at most 2 MB/min (a leak of 1 kB a
//   request at 50 requests/s is 3 MB/min).
/* global FormData */
import { Blob } from 'node:buffer';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { dropDatabase, freshDatabase, seedCommunity, withSql } from './lib/database.mjs';
import { httpClient, inBatches, openLoop, openSocket } from './lib/load.mjs';
import { loadText, mb, ms, percentile, rssKb } from './lib/measure.mjs';
import { signIn, spawnServer, table } from './server.mjs';

const RULE = { warmupSeconds: 120, halfMedianChange: 0.1, slopeMbPerMin: 2 };
const SAMPLE_SECONDS = 10;
const MAX_IN_FLIGHT = 500;
const DB_NAME = 'velvet_bench_soak';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    rate: { type: 'string', default: '50' },
    members: { type: 'string', default: '100' },
    db: { type: 'string', default: 'postgres' },
  },
});
const minutes = Number(values.minutes);
const rate = Number(values.rate);
const poolSize = Number(values.members);
const kind = values.db;
if (kind !== 'postgres' && kind !== 'pglite') throw new Error('--db is postgres or pglite');
if (!(minutes > 0 && minutes <= 60) || !(rate > 0 && rate <= 200) || !(poolSize >= 2 && poolSize <= 500))
  throw new Error('keep it bounded: at most 60 minutes, 200 requests/s, 2–500 members');
const seconds = minutes * 60;
const warmupSeconds = Math.min(RULE.warmupSeconds, seconds / 4);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-soak-'));
const databaseUrl = kind === 'postgres' ? await freshDatabase(DB_NAME) : '';
const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SEED: 'never', NODE_ENV: 'production', RATE_LIMITS: 'off' };
let server;
let exitCode = 1;
const sockets = [];
let stopping = false;
try {
  const t0 = performance.now();
  seedCommunity(env, 1000);
  const pool = await withSql(kind, databaseUrl, dataDir, async (q) => {
    const { rows } = await q(
      `select p.user_id as id, u.email from profiles p join "user" u on u.id = p.user_id
       where p.user_id like 'bulk-%' and p.setup_completed_at is not null and not p.anonymous_mode
         and not exists (select 1 from user_blocks b where p.user_id in (b.blocker_id, b.blocked_id))
       order by p.user_id limit $1`,
      [poolSize],
    );
    return rows;
  });
  if (pool.length < poolSize) throw new Error(`only ${pool.length} members fit the load, wanted ${poolSize}`);

  server = await spawnServer(env);
  await server.ready;
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/v1/realtime`;
  const http = httpClient(server.url, 128);
  // a password hash per sign-in: a few at a time, as members arrive
  const cookies = await inBatches(pool.length, (i) => signIn(server.url, pool[i].email), 4);

  /** clientId → { t0, to } while a message is on its way to its receiver's socket */
  const pending = new Map();
  const stats = new Map();
  const stat = (name) => stats.get(name) ?? stats.set(name, { times: [], errors: 0 }).get(name);
  /** the first two problems of each kind, printed under the table */
  const problems = new Map();
  const problem = (name, text) => {
    const list = problems.get(name) ?? problems.set(name, []).get(name);
    if (list.length < 2) list.push(text);
  };
  let socketErrors = 0;
  const onEvent = (i) => (event, at) => {
    if (event.type !== 'message.created') return;
    const { clientId, receiverId } = event.payload.message;
    const p = pending.get(clientId);
    if (!p || receiverId !== pool[i].id) return;
    pending.delete(clientId);
    stat('message on the socket').times.push(at - p.t0);
  };
  sockets.push(...(await inBatches(pool.length, (i) => openSocket(wsUrl, cookies[i], onEvent(i)))));
  for (const ws of sockets) {
    ws.on('error', (err) => {
      socketErrors++;
      problem('socket', `socket error: ${err.message}`);
    });
    ws.on('close', (code) => {
      if (stopping) return;
      socketErrors++;
      problem('socket', `socket closed: ${code}`);
    });
  }
  console.log(
    `  ${kind}: seeded, ${pool.length} members signed in with their sockets open in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // small JPEGs of noise (they do not compress away), a few kinds so that uploads differ
  const jpegs = await Promise.all(
    [0, 1, 2, 3].map((n) =>
      sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: { r: 60 * n, g: 120, b: 200 - 40 * n },
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );

  /** Times one request and checks its status; returns the answer (or null when it failed). */
  const timed = async (name, expected, send) => {
    const s = stat(name);
    const start = performance.now();
    try {
      const res = await send();
      if (res.status !== expected) {
        s.errors++;
        problem(name, `${name} → ${res.status}: ${String(res.text).slice(0, 200)}`);
        return null;
      }
      s.times.push(performance.now() - start);
      return res;
    } catch (err) {
      s.errors++;
      problem(name, `${name}: ${err.message}`);
      return null;
    }
  };
  const viaFetch = async (urlPath, init) => {
    const res = await fetch(`${server.url}${urlPath}`, { ...init, headers: { origin: server.url, ...init.headers } });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  const pick = (n) => Math.floor(Math.random() * n);
  const other = (m) => (m + 1 + pick(pool.length - 1)) % pool.length;
  const get = (name, urlPath) => (m) => timed(name, 200, () => http.request('GET', urlPath(m), cookies[m]));
  let seq = 0;
  const SORTS = ['nearest', 'newest', 'online', 'verified'];
  const SEARCHES = ['q=fox', 'location=Manchester', 'type=women&online=1', 'type=couples&minAge=30&maxAge=45&maxKm=100', 'name=ruby'];
  const MIX = [
    [18, get('members list', () => `/api/v1/members?sort=${SORTS[seq % SORTS.length]}`)],
    [10, get('members search', () => `/api/v1/members?${SEARCHES[seq % SEARCHES.length]}`)],
    [20, get('profile read', (m) => `/api/v1/profiles/${pool[other(m)].id}`)],
    [
      20,
      async (m) => {
        const clientId = `soak-${seq}`;
        pending.set(clientId, { t0: performance.now() });
        const res = await timed('message send', 201, () =>
          http.request('POST', `/api/v1/messages/conversations/${pool[other(m)].id}/messages`, cookies[m], {
            content: `Soak message ${seq}. Are you going to the party on Saturday?`,
            clientId,
          }),
        );
        // refused: counted already, not awaited on the socket
        if (!res) pending.delete(clientId);
      },
    ],
    [12, get('conversations list', () => '/api/v1/messages/conversations')],
    [8, get('thread page', (m) => `/api/v1/messages/conversations/${pool[other(m)].id}/messages`)],
    [
      4,
      async (m) => {
        const form = new FormData();
        form.set('kind', 'gallery');
        form.set('file', new Blob([jpegs[seq % jpegs.length]], { type: 'image/jpeg' }), 'soak.jpg');
        const res = await timed('photo upload', 201, () =>
          viaFetch('/api/v1/media', { method: 'POST', body: form, headers: { cookie: cookies[m] } }),
        );
        if (res)
          await timed('photo delete', 204, () => http.request('DELETE', `/api/v1/media/${JSON.parse(res.text).media.id}`, cookies[m]));
      },
    ],
    [
      2,
      async (m) => {
        const res = await timed('sign-in', 200, () =>
          viaFetch('/api/auth/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: pool[m].email, password: 'velvet-demo' }),
          }),
        );
        const cookie = res?.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        if (cookie) await timed('sign-out', 200, () => http.request('POST', '/api/auth/sign-out', cookie, {}));
      },
    ],
  ];
  const weights = MIX.reduce((sum, [w]) => sum + w, 0);
  let inFlight = 0;
  let skipped = 0;
  const fire = () => {
    seq++;
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped++;
      return;
    }
    let r = pick(weights);
    const [, op] = MIX.find(([w]) => (r -= w) < 0);
    inFlight++;
    op(pick(pool.length)).finally(() => inFlight--);
  };

  // RSS every SAMPLE_SECONDS from the start of the load
  const samples = [{ t: 0, kb: await rssKb(server.pid) }];
  const loadStart = performance.now();
  const sampler = setInterval(() => {
    const t = Math.round((performance.now() - loadStart) / 1000);
    rssKb(server.pid).then(
      (kb) => samples.push({ t, kb }),
      () => undefined,
    );
  }, SAMPLE_SECONDS * 1000);
  const elapsed = await openLoop({ rate, seconds, fire });
  clearInterval(sampler);
  samples.push({ t: Math.round((performance.now() - loadStart) / 1000), kb: await rssKb(server.pid) });
  // stragglers: answers and deliveries still on their way (at most 10 s)
  const deadline = performance.now() + 10_000;
  while ((inFlight > 0 || pending.size > 0) && performance.now() < deadline) await sleep(50);
  const undelivered = pending.size;
  stopping = true;
  http.close();

  // the verdict on memory
  const after = samples.filter((s) => s.t >= warmupSeconds);
  const half = Math.floor(after.length / 2);
  const median = (xs) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const firstMedian = median(after.slice(0, half).map((s) => s.kb));
  const lastMedian = median(after.slice(after.length - half).map((s) => s.kb));
  const change = (lastMedian - firstMedian) / firstMedian;
  const slope = slopeMbPerMin(after);
  const rssFlat = after.length >= 4 && Math.abs(change) <= RULE.halfMedianChange && slope <= RULE.slopeMbPerMin;

  const rows = [...stats].map(([name, s]) => {
    const sorted = s.times.sort((a, b) => a - b);
    return [
      name,
      String(sorted.length),
      String(s.errors),
      ms(percentile(sorted, 0.5)),
      ms(percentile(sorted, 0.95)),
      ms(percentile(sorted, 0.99)),
      ms(sorted.at(-1)),
    ];
  });
  const requestErrors = [...stats.values()].reduce((sum, s) => sum + s.errors, 0);
  const errors = requestErrors + socketErrors + undelivered + skipped;

  console.log(
    `\nSoak on ${kind}: ${minutes} min at ${rate} requests/s offered (${((seq / elapsed) * 1000).toFixed(1)} sent/s), ${pool.length} members ` +
      `with sockets open; ${os.cpus().length} CPUs, load ${loadText()} at the end, Node ${process.version}\n`,
  );
  console.log(table(['request', 'answered', 'errors', 'p50', 'p95', 'p99', 'max'], rows));
  console.log(
    `\nsocket errors or closes ${socketErrors}; messages not on their socket within 10 s ${undelivered}; ` +
      `not sent (${MAX_IN_FLIGHT} waiting) ${skipped}`,
  );
  for (const p of [...problems.values()].flat()) console.log(`  ${p}`);
  console.log(`\nServer RSS every ${SAMPLE_SECONDS} s (warm-up: the first ${warmupSeconds} s):`);
  console.log(
    table(
      ['s', 'RSS'],
      samples.map((s) => [String(s.t), mb(s.kb)]),
    ),
  );
  console.log(
    `\nafter warm-up: first half median ${mb(firstMedian)}, second half ${mb(lastMedian)} (${(change * 100).toFixed(1)} %, rule ±${RULE.halfMedianChange * 100} %); ` +
      `slope ${slope.toFixed(2)} MB/min (rule ≤ ${RULE.slopeMbPerMin}); peak ${mb(Math.max(...samples.map((s) => s.kb)))}`,
  );
  const checks = [
    [`no errors (${errors})`, errors === 0],
    [`RSS flat after warm-up (${after.length} samples)`, rssFlat],
  ];
  for (const [what, pass] of checks) console.log(`${pass ? 'within budget' : 'OVER BUDGET'}: ${what}`);
  exitCode = checks.every(([, pass]) => pass) ? 0 : 1;
} catch (err) {
  console.error(err);
} finally {
  stopping = true;
  for (const ws of sockets) ws.terminate();
  if (server) {
    const code = await server.stop();
    if (code !== 0 && code !== null) console.error(`the server exited with ${code}:\n${server.output().slice(-2000)}`);
  }
  if (kind === 'postgres') await dropDatabase(DB_NAME);
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

/** Least-squares slope of RSS over time, MB per minute. */
function slopeMbPerMin(points) {
  if (points.length < 2) return NaN;
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.t, 0) / n;
  const my = points.reduce((s, p) => s + p.kb, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.t - mx) * (p.kb - my), 0);
  const sxx = points.reduce((s, p) => s + (p.t - mx) ** 2, 0);
  return (sxy / sxx / 1024) * 60;
}
