// Message delivery and socket memory. Budget (issue "Messaging"): from the send
// (POST /api/v1/messages/conversations/:otherId/messages) to the receiver's WebSocket
// (message.created on /api/v1/realtime) p50 ≤ 10 ms and p99 ≤ 50 ms with 2 000 connected sockets
// and 200 messages/s; server RSS with 2 000 idle sockets ≤ 300 MB. On PostgreSQL and on PGlite.
//
//   node bench/messaging-delivery.mjs [--db both|postgres|pglite] [--sockets 2000] [--rate 200] [--seconds 30] [--no-floor]
//
// The floor, measured first in the same run: the same sockets, rate, seconds and client code against a
// bare relay (baseline-relay.mjs: node:http and ws, no database, no session check), whose p50 and
// p99 each database's stand beside as a multiple ("×N.N"). --no-floor leaves it out.
//
// Each database is new and thrown away: PostgreSQL gets a fresh database on BENCH_PG_URL's server
// (by default its Unix socket: lib/database.mjs), created and dropped here; PGlite a temporary DATA_DIR.
// Members, their sessions and a message history are inserted with SQL before the server starts
// (PGlite is one process: nothing else may open it while the server runs); the session cookies are
// signed here with the SESSION_SECRET the server is given, as better-auth signs them.
//
// This file also exports the fixture that bench/messaging-lists.mjs uses.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance, monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { dropDatabase, freshDatabase, withSql } from './lib/database.mjs';
import { httpClient, inBatches, openLoop, openSocket } from './lib/load.mjs';
import { startRelay } from './baseline-relay.mjs';
import { mb, ms, percentile, rssKb } from './lib/measure.mjs';
import { spawnServer, table } from './server.mjs';

const COOKIE_NAME = 'velvet.session_token';

// ---------------------------------------------------------------------------------------------
// Shared fixture (also used by messaging-lists.mjs)
// ---------------------------------------------------------------------------------------------

/**
 * A throw-away database of the given kind with `members` members (ids mb-1 … mb-N, a profile and
 * one live session each), migrated by the real server. `history` adds a message history (see
 * seedHistory). Returns the server's environment and one signed session cookie per member.
 */
export async function createFixture(kind, { members, history = true, workers = 1, log = console.log }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `velvet-bench-msg-${kind}-`));
  const secret = randomBytes(36).toString('base64url');
  let dbName;
  let databaseUrl = '';
  if (kind === 'postgres') {
    dbName = `velvet_bench_msg_${randomBytes(5).toString('hex')}`;
    databaseUrl = await freshDatabase(dbName);
  }
  const env = {
    NODE_ENV: 'production',
    SEED: 'never',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: secret,
    LOG_LEVEL: 'warn',
  };
  let server = null;
  const fixture = {
    kind,
    env,
    cookies: [],
    server: null,
    pid: 0,
    async cleanup() {
      if (server) await server.stop();
      server = null;
      if (dbName) await dropDatabase(dbName);
      await rm(dataDir, { recursive: true, force: true });
    },
    /** Starts the real server on the seeded data and checks that a seeded cookie signs in. */
    async start() {
      // WORKERS server processes on one port: PostgreSQL only (the embedded database is one process)
      server = await spawnServer(kind === 'postgres' && workers > 1 ? { ...env, WORKERS: String(workers) } : env);
      await server.ready;
      fixture.server = server;
      fixture.pid = server.pid;
      const me = await fetch(`${server.url}/api/v1/me`, { headers: { cookie: fixture.cookies[0] } });
      if (me.status !== 200) throw new Error(`a seeded session does not sign in (GET /api/v1/me → ${me.status}): ${await me.text()}`);
      return server;
    },
  };
  try {
    // 1. the schema, by the server's own migrations (start once, stop)
    const t0 = performance.now();
    const migrate = await spawnServer(env);
    await migrate.ready;
    const code = await migrate.stop();
    if (code !== 0) throw new Error(`migrating server exited with ${code}:\n${migrate.output()}`);

    // 2. members, sessions and history straight into the database
    const tokenPrefix = `bench${randomBytes(12).toString('hex')}n`;
    await withSql(kind, databaseUrl, dataDir, async (q) => {
      await seedMembers(q, members, tokenPrefix);
      if (history) await seedHistory(q, members);
    });
    fixture.cookies.push(...sessionCookies(tokenPrefix, secret, members));
    log(
      `  ${kind}: migrated and seeded ${members} members${history ? ' with a message history' : ''} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return fixture;
  } catch (err) {
    await fixture.cleanup();
    throw err;
  }
}

/** Session cookies for mb-1 … mb-N (token = prefix + n), signed with `secret` as better-auth signs them. */
function sessionCookies(tokenPrefix, secret, members) {
  return Array.from({ length: members }, (_, i) => {
    const token = `${tokenPrefix}${i + 1}`;
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    return `${COOKIE_NAME}=${encodeURIComponent(`${token}.${signature}`)}`;
  });
}

/**
 * Members mb-1 … mb-N: user, finished profile, one session each (token = prefix + n). A session
 * expires as a fresh one from sign-in does (30 days, server/src/auth/auth.ts): one closer to its end
 * would be refreshed by better-auth on first use, which every process's session cache hears of
 * (migration 0011) and drops, so the bench would measure a first-use refresh per member.
 */
async function seedMembers(q, members, tokenPrefix) {
  await q(
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select 'mb-' || n, 'Bench member ' || n, 'bench' || n || '@bench.velvet.local', true, now() - interval '30 days', now()
     from generate_series(1, $1::int) as n`,
    [members],
  );
  await q(
    `insert into profiles (user_id, username, display_name, age, bio, location_city, location_country, gender, kind,
                           interests, setup_step, setup_completed_at, last_active_at, created_at, updated_at)
     select 'mb-' || n, 'bench_' || n, 'Bench member ' || n, 21 + n % 45, 'Generated member for the messaging benchmarks.',
            'London', 'United Kingdom', 'woman', 'individual', '{}', 4, now(), now() - (n % 5000) * interval '1 minute',
            now() - interval '30 days', now()
     from generate_series(1, $1::int) as n`,
    [members],
  );
  await q(
    `insert into session (id, token, user_id, expires_at, created_at, updated_at, ip_address, user_agent)
     select 'ms-' || n, $2 || n, 'mb-' || n, now() + interval '30 days', now(), now(), '127.0.0.1', 'velvet-bench'
     from generate_series(1, $1::int) as n`,
    [members, tokenPrefix],
  );
}

/** Conversations of mb-1 (the heavy member): mb-2 … mb-(1 + HEAVY_CONVERSATIONS). */
export const HEAVY_CONVERSATIONS = 1000;
/** Messages in each of mb-1's conversations (more than a thread page of 50). */
export const PER_CONVERSATION = 60;
/** The one long thread: mb-1 and mb-2. */
export const LONG_THREAD = 10_000;
/** Other members' messages among themselves (mb-1002 … mb-N): the tables are not just mb-1's. */
export const BACKGROUND = 100_000;

/**
 * mb-1 has HEAVY_CONVERSATIONS conversations of PER_CONVERSATION messages (both directions, a few
 * unread in every fourth one); the thread with mb-2 has LONG_THREAD; the other members exchange
 * BACKGROUND messages among themselves.
 */
async function seedHistory(q, members) {
  if (members < HEAVY_CONVERSATIONS + 3) throw new Error(`the history needs at least ${HEAVY_CONVERSATIONS + 3} members`);
  const insert = (select, params) =>
    q(`insert into messages (client_id, sender_id, receiver_id, content, created_at, read_at) ${select}`, params);
  // k = 0 is a conversation's newest message; partner j sends the odd ones
  const pairRows = `
    select 'seed-' || j || '-' || k,
           case when k % 2 = 0 then 'mb-1' else 'mb-' || j end,
           case when k % 2 = 0 then 'mb-' || j else 'mb-1' end,
           'Seeded message ' || k || ' of conversation ' || j || '. ' || repeat('Lorem ipsum dolor sit amet. ', 1 + k % 6),
           now() - (k * 1000 + j) * interval '1 second',
           case when k % 2 = 1 and k < 6 and j % 4 = 0 then null else now() - (k * 1000 + j - 30) * interval '1 second' end`;
  await insert(`${pairRows} from generate_series(2, $1::int) as j, generate_series(0, $2::int) as k`, [
    HEAVY_CONVERSATIONS + 1,
    PER_CONVERSATION - 1,
  ]);
  await insert(`${pairRows} from (select 2 as j) as one, generate_series($1::int, $2::int) as k`, [PER_CONVERSATION, LONG_THREAD - 1]);
  const others = members - HEAVY_CONVERSATIONS - 1; // mb-1002 … mb-N
  await insert(
    `select 'bg-' || n, 'mb-' || (${HEAVY_CONVERSATIONS + 2} + s), 'mb-' || (${HEAVY_CONVERSATIONS + 2} + (s + 1 + r) % $2::int),
            'Background message ' || n || '. ' || repeat('Lorem ipsum dolor sit amet. ', 1 + n % 6),
            now() - n * interval '20 seconds', now() - n * interval '20 seconds' + interval '1 minute'
     from (select n, abs(hashtext('s' || n)) % $2::int as s, abs(hashtext('r' || n)) % ($2::int - 1) as r
           from generate_series(1, $1::int) as n) as x`,
    [BACKGROUND, others],
  );
  await q('vacuum analyze');
}

// ---------------------------------------------------------------------------------------------
// The delivery bench
// ---------------------------------------------------------------------------------------------

const BUDGET = { p50: 10, p99: 50, rssMb: 300 };
/** The floor's row: the bare relay of baseline-relay.mjs (no budget; the databases' figures are also given as a multiple of it). */
const FLOOR = 'floor: bare ws relay';

/** The real server on a fresh database of this kind, seeded with members and a history. */
async function runDelivery(kind, opts) {
  const fixture = await createFixture(kind, { members: Math.max(opts.sockets, HEAVY_CONVERSATIONS + 3), workers: opts.workers });
  try {
    const server = await fixture.start();
    return await measureDelivery({ kind, url: server.url, pid: fixture.pid, cookies: fixture.cookies }, opts);
  } finally {
    await fixture.cleanup();
  }
}

/** The floor: the same measurement against the bare relay (baseline-relay.mjs), with cookies of the same shape. */
async function runFloor(opts) {
  const relay = await startRelay();
  try {
    const cookies = sessionCookies(`bench${randomBytes(12).toString('hex')}n`, randomBytes(36).toString('base64url'), opts.sockets);
    return await measureDelivery({ kind: FLOOR, url: relay.url, pid: relay.pid, cookies }, opts);
  } finally {
    await relay.stop();
  }
}

/**
 * Sockets, idle memory, then the open-loop sends, against the server at `target.url` (its process
 * `target.pid`, for RSS), member mb-(i + 1) signing in with `target.cookies[i]`.
 */
async function measureDelivery(target, opts) {
  const client = [];
  const result = { kind: target.kind };
  try {
    const wsUrl = `${target.url.replace(/^http/, 'ws')}/api/v1/realtime`;
    await sleep(1000);
    result.rssBaseKb = await rssKb(target.pid);

    // 1. sockets: one per member, 50 opening at a time
    const pending = new Map();
    const latencies = [];
    const sentAt = [];
    let late = 0;
    const onCreated = (message, at) => {
      const p = pending.get(message.clientId);
      if (!p) return;
      pending.delete(message.clientId);
      if (p.counted) {
        latencies.push(at - p.t0);
        sentAt.push(p.t0);
      } else late++;
    };
    const t0 = performance.now();
    const sockets = await inBatches(opts.sockets, (i) =>
      openSocket(wsUrl, target.cookies[i], (event, at) => {
        if (event.type === 'message.created' && event.payload.message.receiverId === `mb-${i + 1}`) onCreated(event.payload.message, at);
      }),
    );
    client.push(...sockets);
    result.connectMs = performance.now() - t0;

    // 2. idle memory
    await sleep(opts.idleSeconds * 1000);
    result.rssIdleKb = await rssKb(target.pid);

    // 3. load: `rate` sends per second, open loop (not waiting for answers), senders round-robin
    const http = httpClient(target.url);
    const order = Array.from({ length: opts.sockets }, (_, i) => i).sort(() => Math.random() - 0.5);
    const sendTimes = [];
    const answeredAt = [];
    let seq = 0;
    let httpErrors = 0;
    let statusErrors = 0;
    let skipped = 0;
    let inFlight = 0;
    const filler = ' Hello there, how is your week going? Shall we meet for a drink on Friday evening?';
    const sendOne = (counted) => {
      const n = seq++;
      if (inFlight >= 1000) {
        skipped++;
        return;
      }
      const from = order[n % opts.sockets];
      let to = Math.floor(Math.random() * (opts.sockets - 1));
      if (to >= from) to++;
      const clientId = `b${n}`;
      const start = performance.now();
      pending.set(clientId, { t0: start, counted });
      inFlight++;
      http
        .request('POST', `/api/v1/messages/conversations/mb-${to + 1}/messages`, target.cookies[from], {
          content: `Bench ${n}.${filler}`,
          clientId,
        })
        .then((res) => {
          if (res.status !== 201) {
            statusErrors++;
            pending.delete(clientId);
            if (statusErrors <= 3) console.error(`  send → ${res.status}: ${res.text.slice(0, 200)}`);
          } else if (counted) {
            sendTimes.push(performance.now() - start);
            answeredAt.push(performance.now());
          }
        })
        .catch(() => {
          httpErrors++;
          pending.delete(clientId);
        })
        .finally(() => inFlight--);
    };
    const drive = (seconds, counted) => openLoop({ rate: opts.rate, seconds, fire: () => sendOne(counted) });

    await drive(opts.warmup, false);
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const measureStart = performance.now();
    const elapsed = await drive(opts.seconds, true);
    // stragglers: wait until every counted send is delivered or has failed (at most 10 s)
    const deadline = performance.now() + 10_000;
    while ([...pending.values()].some((p) => p.counted) && performance.now() < deadline) await sleep(50);
    lag.disable();
    result.rssLoadKb = await rssKb(target.pid);
    http.close();

    // percentiles over every message of the window: one never delivered counts as slower than any delivered
    const attempted = Math.round(opts.seconds * opts.rate);
    const delivered = latencies.length;
    const bySecond = timeline(latencies.map((l, i) => [sentAt[i] - measureStart, l])); // before the sort below
    const sorted = [...latencies.sort((a, b) => a - b), ...new Array(attempted - delivered).fill(Infinity)];
    const sendSorted = sendTimes.sort((a, b) => a - b);
    Object.assign(result, {
      attempted,
      delivered,
      undelivered: attempted - delivered,
      statusErrors,
      httpErrors,
      skipped,
      late,
      rate: (attempted / elapsed) * 1000,
      answeredRate: (answeredAt.filter((t) => t <= measureStart + elapsed).length / elapsed) * 1000,
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1),
      sendP50: percentile(sendSorted, 0.5),
      sendP99: percentile(sendSorted, 0.99),
      clientLagP99: lag.percentile(99) / 1e6,
      timeline: bySecond,
    });
  } finally {
    for (const ws of client) ws.terminate();
  }
  return result;
}

/** Per second of the window (by send time): messages, p50, p99 and max delivery, to show where a tail comes from. */
function timeline(points) {
  const seconds = [];
  for (const [t, l] of points) (seconds[Math.max(0, Math.floor(t / 1000))] ??= []).push(l);
  return Array.from(seconds, (ls = []) => {
    ls.sort((a, b) => a - b);
    return { count: ls.length, p50: percentile(ls, 0.5), p99: percentile(ls, 0.99), max: ls.at(-1) };
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      workers: { type: 'string', default: '1' },
      sockets: { type: 'string', default: '2000' },
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '30' },
      warmup: { type: 'string', default: '3' },
      idle: { type: 'string', default: '10' },
      timeline: { type: 'boolean', default: false },
      floor: { type: 'boolean', default: true },
    },
    allowNegative: true,
  });
  const kinds = values.db === 'both' ? ['postgres', 'pglite'] : [values.db];
  if (!kinds.every((k) => k === 'postgres' || k === 'pglite')) throw new Error('--db is both, postgres or pglite');
  const opts = {
    sockets: Number(values.sockets),
    rate: Number(values.rate),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    idleSeconds: Number(values.idle),
    workers: Number(values.workers),
  };
  if (opts.seconds * opts.rate > 20_000 || opts.sockets > 5000)
    throw new Error('keep it bounded: at most 20 000 messages and 5 000 sockets');

  const loadBefore = os.loadavg();
  console.log(
    `Message delivery: send → receiver's socket, ${opts.sockets} sockets, ${opts.rate} messages/s for ${opts.seconds} s ` +
      `(+${opts.warmup} s warm-up); ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}\n`,
  );
  const results = [];
  if (values.floor) results.push(await runFloor(opts));
  for (const kind of kinds) results.push(await runDelivery(kind, opts));
  const loadAfter = os.loadavg();
  const floor = results.find((r) => r.kind === FLOOR);
  const times = (v, f) => (!floor ? '-' : Number.isFinite(v) && f > 0 && Number.isFinite(f) ? `×${(v / f).toFixed(1)}` : '-');

  console.log(
    '\n' +
      table(
        [
          'database',
          'sent/s',
          'answered/s',
          'delivered',
          'p50',
          'p90',
          'p95',
          'p99',
          'max',
          'POST p50',
          'POST p99',
          'p50 / floor',
          'p99 / floor',
        ],
        results.map((r) => [
          r.kind,
          r.rate.toFixed(1),
          r.answeredRate.toFixed(1),
          `${r.delivered}/${r.attempted}`,
          ms(r.p50),
          ms(r.p90),
          ms(r.p95),
          ms(r.p99),
          ms(r.max),
          ms(r.sendP50),
          ms(r.sendP99),
          r === floor ? '' : times(r.p50, floor?.p50),
          r === floor ? '' : times(r.p99, floor?.p99),
        ]),
      ),
  );
  console.log(
    '\n' +
      table(
        ['database', 'connect all', 'RSS at start', `RSS, ${opts.sockets} idle sockets`, 'RSS after load', 'bench event-loop lag p99'],
        results.map((r) => [
          r.kind,
          `${(r.connectMs / 1000).toFixed(1)} s`,
          mb(r.rssBaseKb),
          mb(r.rssIdleKb),
          mb(r.rssLoadKb),
          ms(r.clientLagP99),
        ]),
      ),
  );
  console.log(
    '\nsent/s: offered rate (open loop); answered/s: 201 answers within the window; percentiles cover every message sent ' +
      'in the window, one never delivered counting as "lost" (slower than any delivered). POST: send → HTTP 201. ' +
      (floor
        ? `${FLOOR}: the same sockets, rate and client against node:http + ws with no database or session (baseline-relay.mjs), ` +
          "measured first in this run; p50 / floor, p99 / floor: the row's percentile as a multiple of the floor's."
        : 'No floor in this run (--no-floor).'),
  );
  for (const r of results)
    if (r.undelivered)
      console.log(
        `${r.kind}: ${r.undelivered} not delivered within 10 s after the window: ${r.statusErrors} answered other than 201, ` +
          `${r.httpErrors} HTTP timeouts or errors (10 s), ${r.skipped} not sent (1 000 sends already waiting), the rest still waiting`,
      );
  if (values.timeline)
    for (const r of results)
      console.log(
        `\n${r.kind}, per second of the window (by send time):\n` +
          table(
            ['second', 'messages', 'p50', 'p99', 'max'],
            r.timeline.map((s, i) => [String(i), String(s.count), ms(s.p50), ms(s.p99), ms(s.max)]),
          ),
      );
  console.log(`\nload average ${loadAfter.map((l) => l.toFixed(1)).join(' ')} at the end`);

  let ok = true;
  if (floor?.undelivered) console.log(`the floor lost ${floor.undelivered} messages: its figures are not a floor this run`);
  for (const r of results) {
    if (r === floor) continue;
    const checks = [
      [`p50 ${ms(r.p50)} ≤ ${BUDGET.p50} ms`, r.p50 <= BUDGET.p50],
      [`p99 ${ms(r.p99)} ≤ ${BUDGET.p99} ms`, r.p99 <= BUDGET.p99],
      [`RSS with idle sockets ${mb(r.rssIdleKb)} ≤ ${BUDGET.rssMb} MB`, r.rssIdleKb / 1024 <= BUDGET.rssMb],
      [`every message delivered (${r.undelivered} of ${r.attempted} not)`, r.undelivered === 0],
    ];
    for (const [what, pass] of checks) {
      console.log(`${pass ? 'within budget' : 'OVER BUDGET'} (${r.kind}): ${what}`);
      ok &&= pass;
    }
  }
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
