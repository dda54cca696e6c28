// Discovery at scale. Budget (issue "Finding people"): Members (each sort), Discover next card,
// Who's Near and every Search tile p95 ≤ 50 ms at 50 concurrent requests with 100 000 members on
// PostgreSQL, ≤ 150 ms at 1 000 000; PGlite reported too.
//
//   node --import tsx bench/discovery.mjs [--members 100000] [--db postgres|pglite|both]
//        [--connections 50] [--seconds 5] [--only name,name] [--plans|--no-plans|--plans-only] [--client raw|node]
//        [--sql-floor] [--cores apart|shared]
//
// PostgreSQL: a database per size on BENCH_PG_URL's server (by default its Unix socket: lib/database.mjs),
// velvet_bench_100k, velvet_bench_1m, …, seeded by `npm run seed -- --members N` when it holds fewer
// bulk members and reused otherwise (the seed only adds what is missing). PGlite: the same in
// /tmp/velvet-bench-pglite-<size>. The members seeded as online are made online again before each
// run (their last_active_at spread over the last minute), and on PostgreSQL their heartbeats are
// replayed before each request, so Online First and the Online tiles see the seed's 2 % online however
// old the database is.
//
// Each request of REQUESTS runs as a closed loop of `connections` clients for `seconds` after a 2 s
// warm-up, as one of 20 signed-in bulk members in turn (different towns, so different neighbours),
// with exact percentiles over every request. A request whose endpoint answers 404 (not built yet) or
// 400 (parameters it does not take yet) is skipped with a note; one that alone takes over 5 × the
// budget is reported alone (50 clients on it would only queue for minutes), and before each request
// the bench waits until the server's health check is prompt again (timed-out requests drain). Before
// each request on PostgreSQL, the tables the lists read are vacuumed if autovacuum would have by then
// (lib/autovacuum.mjs: this machine's PostgreSQL runs with it off), and the seed's online members are
// marked active as the socket gateway would have marked them since the last request (once a minute each).
// With --plans (the default on PostgreSQL) the SQL each request runs is captured (the real routes,
// run in this process against the same database) and `EXPLAIN (ANALYZE, BUFFERS)` of each statement
// that reads profiles, likes or views is written to bench/plans/<size>-<name>.txt.
//
// Before the requests, a plain Node \`http\` server (bench/baseline-http.mjs) is measured the same way:
// each figure is also reported as a multiple of its p95. With --sql-floor (PostgreSQL), each request is
// also measured on a bare node:http server that sends the very statements the real routes sent for it
// (lib/sql-floor.mjs): what is left there is the database's and the driver's work. After them, the
// server's resident memory (VmRSS, and its peak VmHWM) is read from /proc: it must not grow with the
// community.
//
// On PostgreSQL the servers (ours, the floor, the bare one) run on the first core and PostgreSQL on
// the others, as on hosts of their own (lib/cores.mjs; `--cores shared` leaves them to the scheduler);
// PostgreSQL has every core again when the bench ends.
import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { closedLoop } from './closed-loop.mjs';
import { startBaseline } from './baseline-http.mjs';
import { ensureDatabase, migrateDatabase, PG_SERVER_LABEL, seedCommunity } from './lib/database.mjs';
import { autovacuumAsPostgres, DISCOVERY_TABLES } from './lib/autovacuum.mjs';
import { capturePlans } from './lib/discovery-plans.mjs';
import { canPin, pinDatabase, pinServer } from './lib/cores.mjs';
import { captureStatements, startSqlFloor } from './lib/sql-floor.mjs';
import { pathOf, REQUESTS } from './lib/discovery-requests.mjs';
import { httpClient } from './lib/load.mjs';
import { loadText, ms } from './lib/measure.mjs';
import { rawHttpClient } from './raw-http.mjs';
import { signIn, spawnServer, table } from './server.mjs';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'postgres' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
    /** server processes on the port (WORKERS), PostgreSQL only */
    workers: { type: 'string', default: '1' },
    only: { type: 'string' },
    /** raw (default): the lean client of raw-http.mjs; node: node:http's client, as before 2026-11-24 */
    client: { type: 'string', default: 'raw' },
    plans: { type: 'boolean' },
    'no-plans': { type: 'boolean' },
    /** capture the plans and stop: no server, no load */
    'plans-only': { type: 'boolean' },
    /** also each request's statements on a bare server (PostgreSQL only) */
    'sql-floor': { type: 'boolean' },
    /** apart (the default where taskset runs): the servers on the first core, PostgreSQL on the others; shared: as the scheduler places them */
    cores: { type: 'string' },
  },
});
const members = Number(values.members);
const connections = Number(values.connections);
const seconds = Number(values.seconds);
if (!Number.isInteger(members) || members < 1000) throw new Error('--members: at least 1000');
if (connections < 1 || connections > 200 || seconds <= 0 || seconds > 120)
  throw new Error('keep it bounded: 1–200 connections, at most 120 s');
const kinds = values.db === 'both' ? ['postgres', 'pglite'] : [values.db];
if (values.client !== 'raw' && values.client !== 'node') throw new Error('--client is raw or node');
if (!kinds.every((k) => k === 'postgres' || k === 'pglite')) throw new Error('--db is postgres, pglite or both');
if (values.cores !== undefined && values.cores !== 'apart' && values.cores !== 'shared') throw new Error('--cores is apart or shared');
if (values.cores === 'apart' && !canPin()) throw new Error('--cores apart: needs taskset and two cores');
const coresApart = values.cores === undefined ? canPin() : values.cores === 'apart';
const only = values.only ? new Set(values.only.split(',')) : null;
const requests = REQUESTS.filter(([name]) => !only || only.has(name));
const sizeLabel = members % 1_000_000 === 0 ? `${members / 1_000_000}m` : members % 1000 === 0 ? `${members / 1000}k` : String(members);
/** Issue 6: 50 ms up to 100 000 members, 150 ms at 1 000 000 (in between: the stricter one). */
const budget = members > 100_000 ? 150 : 50;

/** Runs the seed CLI (migrations, demo community, the large community up to N); returns seconds taken. */
function seed(env) {
  const t0 = performance.now();
  seedCommunity(env, members);
  return (performance.now() - t0) / 1000;
}

/** The seed's online members: hash of 'seen' < 2, as server/src/seed/large.ts. */
const SEED_ONLINE = `user_id like 'bulk-%' and abs(hashtext('seen' || substr(user_id, 6))) % 100 < 2`;
/**
 * The seed's online members active again, each at a moment of the last minute (spread by a hash), as
 * the socket gateway leaves connected members: it writes a member's last_active_at about once a
 * minute (server/src/realtime/gateway.ts TOUCH_EVERY_MS), each when their own minute is up.
 */
const REFRESH_ONLINE = `
  update profiles set last_active_at = greatest(created_at, now() - (abs(hashtext('seenAt' || substr(user_id, 6))) % 60) * interval '1 second')
  where ${SEED_ONLINE}`;
/**
 * The gateway's writes since the last request: each online member whose last mark is a minute old or
 * more is marked again (TOUCH_EVERY_MS), at the last moment of their own minute rather than now, so
 * that members keep their places in the minute however long the bench paused (plans, sign-ins): a
 * request of 7 s follows about 7/60 of them, each one row version more.
 */
const HEARTBEATS = `
  update profiles set last_active_at = last_active_at + interval '1 minute' * floor(extract(epoch from now() - last_active_at) / 60)
  where ${SEED_ONLINE} and last_active_at <= now() - interval '60 seconds'`;
/** 20 callers who may use every screen: finished, visible, placed, spread over the towns by a hash. */
const CALLERS = `
  select p.user_id as id, u.email from profiles p join "user" u on u.id = p.user_id
  where p.user_id like 'bulk-%' and p.setup_completed_at is not null and not p.anonymous_mode and not p.hide_location
    and p.location_lat is not null
  order by abs(hashtext('caller' || p.user_id)) limit 20`;

/** A PostgreSQL database for this size, seeded when it holds fewer bulk members. */
async function preparePostgres() {
  const dbName = `velvet_bench_${sizeLabel}`;
  const url = await ensureDatabase(dbName);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const have = await db
    .query(`select count(*)::int as n from profiles where user_id like 'bulk-%'`)
    .then((r) => r.rows[0].n)
    .catch(() => 0);
  let seeded = null;
  if (have < members) {
    console.log(`Seeding ${members} members into ${dbName} (has ${have})...`);
    seeded = seed({ DATABASE_URL: url });
  } else {
    console.log(`Reusing ${dbName} (${have} bulk members).`);
    migrateDatabase({ DATABASE_URL: url });
  }
  await settle(db);
  await db.query(REFRESH_ONLINE);
  const callers = (await db.query(CALLERS)).rows;
  // member_online's statistics as autovacuum keeps them for a table this small and busy: taken with
  // the members online (vacuumed before they were, it looked empty, and nearest first sorted every
  // online member of the type instead of reading them by distance)
  await db.query('analyze profiles, member_online');
  await db.end();
  return { url, env: { DATABASE_URL: url }, callers, seeded, label: dbName };
}

/**
 * The state autovacuum keeps a live database in: dead rows gone and the visibility map set, so an
 * index-only scan answers from the index. This machine's PostgreSQL runs with autovacuum off (and
 * PGlite runs none), so a freshly seeded database had no page marked all-visible and every
 * index-only scan of the walks read the table too. Vacuumed before the online members are made
 * online again: their pages stay changed, as members' heartbeats keep them between vacuums.
 */
async function settle(db) {
  await db.query(`vacuum (analyze) ${DISCOVERY_TABLES.join(', ')}`);
}

async function preparePglite() {
  const dataDir = path.join(os.tmpdir(), `velvet-bench-pglite-${sizeLabel}`);
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const open = () => PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, btree_gist } });
  let db = await open();
  const have = await db
    .query(`select count(*)::int as n from profiles where user_id like 'bulk-%'`)
    .then((r) => r.rows[0].n)
    .catch(() => 0);
  let seeded = null;
  if (have < members) {
    await db.close(); // PGlite is one process: the seed opens it itself
    console.log(`Seeding ${members} members into PGlite at ${dataDir} (has ${have})...`);
    seeded = seed(env);
    db = await open();
  } else {
    console.log(`Reusing PGlite at ${dataDir} (${have} bulk members).`);
    await db.close(); // migrated by the server's own code, which opens it itself
    migrateDatabase(env);
    db = await open();
  }
  await settle(db);
  await db.query(REFRESH_ONLINE);
  const callers = (await db.query(CALLERS)).rows;
  await db.query('analyze profiles');
  await db.close();
  return { env, callers, seeded, label: `PGlite ${dataDir}` };
}

/** The load generator's client on `url`, the one --client names. */
const loadClient = (url) => (values.client === 'node' ? httpClient(url, connections) : rawHttpClient(url, connections));

/** One request's statements on the bare server (lib/sql-floor.mjs), under the same client and connections. */
async function measureSqlFloor(sqlFloor, name) {
  const http = loadClient(sqlFloor.url);
  try {
    const next = () => ({ path: `/${name}`, cookie: '' });
    await closedLoop(http, { connections, seconds: 2, next });
    return await closedLoop(http, { connections, seconds, next, serverPid: sqlFloor.pid });
  } finally {
    http.close();
  }
}

async function runKind(kind) {
  const prepared = kind === 'postgres' ? await preparePostgres() : await preparePglite();
  if (kind === 'postgres' && (values.plans || !values['no-plans']))
    await capturePlans(prepared.url, prepared.callers[0], { requests, members, sizeLabel });
  if (values['plans-only']) return { rows: [], notes: [], seeded: prepared.seeded, label: prepared.label };
  // the seed's online members were made active in the minute before the run: online for four to five
  // minutes more. A run lasts longer, so on PostgreSQL their heartbeats are replayed before each request
  // (PGlite's one connection is the server's while it runs: its later requests see fewer online)
  const online = kind === 'postgres' ? new pg.Client({ connectionString: prepared.url }) : null;
  await online?.connect();
  /** rows each replay of the heartbeats wrote, for the run's note */
  const heartbeatRows = [];
  const heartbeats = async () => {
    if (online) heartbeatRows.push((await online.query(HEARTBEATS)).rowCount);
  };
  const vacuumed = [];
  let sqlFloor = null;
  let server = null;
  // PGlite is in the server's process: nothing to set apart
  const apart = coresApart && kind === 'postgres';
  let releaseDatabase = null;
  const stopAll = async () => {
    try {
      releaseDatabase?.();
    } finally {
      await server?.stop();
      await sqlFloor?.stop();
      await online?.end();
    }
  };
  // a signal again while stopping (a wrapper such as timeout passes one on too) must not end the
  // process before PostgreSQL has its cores back
  let stopping = false;
  const stopOnSignal = () => {
    if (stopping) return;
    stopping = true;
    void stopAll().finally(() => process.exit(130));
  };
  process.on('SIGINT', stopOnSignal).on('SIGTERM', stopOnSignal);
  const rows = [];
  const notes = [];
  let memory;
  try {
    if (kind === 'postgres' && values['sql-floor'])
      sqlFloor = await startSqlFloor(
        prepared.url,
        await captureStatements(prepared.url, prepared.callers, requests, { beforeEach: heartbeats }),
      );
    if (apart) {
      releaseDatabase = pinDatabase((await online.query('select pg_backend_pid() as pid')).rows[0].pid);
      if (sqlFloor) pinServer(sqlFloor.pid);
    }
    server = await spawnServer({
      ...prepared.env,
      SEED: 'never',
      NODE_ENV: 'production',
      RATE_LIMITS: 'off',
      WORKERS: kind === 'postgres' ? values.workers : '1',
    });
    await server.ready;
    if (apart) pinServer(server.pid);
    const cookies = [];
    for (const c of prepared.callers) cookies.push(await signIn(server.url, c.email));
    const http = loadClient(server.url);
    // the floor: a plain Node http server under the same client and connections
    const baseline = await startBaseline();
    if (apart) pinServer(baseline.pid);
    try {
      const plain = loadClient(baseline.url);
      const next = () => ({ path: '/api/v1/members', cookie: '' });
      await closedLoop(plain, { connections, seconds: 2, next });
      const r = await closedLoop(plain, { connections, seconds, next });
      plain.close();
      rows.push({ kind, name: 'baseline', what: 'plain Node http (the floor)', load: loadText(), ...r, cpu: { server: NaN, db: NaN } });
      console.log(`  baseline: ${r.perSecond.toFixed(0)}/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`);
    } finally {
      await baseline.stop();
    }
    await http.request('GET', '/api/v1/members?sort=nearest', cookies[0]);
    heartbeatRows.length = 0; // those of the statements' capture are not the run's
    for (const [name, what, p] of requests) {
      // the online members' heartbeats before each request leave dead rows (about 300 at 100 000 members, a request every 9 s or so):
      // vacuumed when autovacuum would (at a fifth of the table), not left to pile up through the run
      // (they outnumbered the live rows by its end, and the last requests read through them)
      if (online) vacuumed.push(...(await autovacuumAsPostgres(online)).map((t) => `${t} before ${name}`));
      await heartbeats();
      // requests that timed out in the last run may still hold the server's database connections:
      // wait until a health check (one `select 1` through the same pool) answers promptly again
      for (let waited = 0; waited < 60; waited++) {
        const t0 = performance.now();
        const health = await http.request('GET', '/api/v1/health', '').catch(() => null);
        if (health?.status === 200 && performance.now() - t0 < 100) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      // a request the server does not answer yet is skipped, not counted as slow
      const probeStart = performance.now();
      const probe = await http.request('GET', pathOf(p, 0), cookies[0]).catch((err) => ({ status: 0, text: String(err) }));
      const alone = performance.now() - probeStart;
      if (probe.status === 0) {
        notes.push(`${name}: not measured, one request alone took over 10 s (${probe.text})`);
        continue;
      }
      if (probe.status === 404 || probe.status === 400) {
        notes.push(`${name}: skipped, GET ${pathOf(p, 0)} → ${probe.status} ${probe.text.slice(0, 120)}`);
        continue;
      }
      if (alone > 5 * budget) {
        // 50 clients on a request this slow only queue behind each other for minutes: report it alone
        notes.push(`${name}: not run under load, one request alone took ${ms(alone)} (over 5 × the budget)`);
        rows.push({
          kind,
          name,
          what,
          load: loadText(),
          count: 1,
          perSecond: NaN,
          p50: alone,
          p95: alone,
          p99: alone,
          errors: 0,
          alone: true,
        });
        continue;
      }
      let i = 0;
      const next = () => ({ path: pathOf(p, i), cookie: cookies[i++ % cookies.length] });
      const loadAtStart = loadText();
      await closedLoop(http, { connections, seconds: 2, next });
      const r = await closedLoop(http, { connections, seconds, next, serverPid: server.pid });
      const bare = sqlFloor?.has(name) ? await measureSqlFloor(sqlFloor, name) : null;
      rows.push({ kind, name, what, load: `${loadAtStart} → ${loadText()}`, ...r, bare });
      console.log(
        `  ${kind} ${what}: ${r.perSecond.toFixed(0)}/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}; ` +
          `CPU/request server ${ms(r.cpu.server)}, db ${ms(r.cpu.db)} (PostgreSQL's own processes ${ms(r.cpu.dbBackground)}), ` +
          `bench ${ms(r.cpu.client)}, machine ${ms(r.cpu.machine)}` +
          (bare
            ? `; its SQL on a bare server: ${bare.perSecond.toFixed(0)}/s, p95 ${ms(bare.p95)}, CPU/request server ${ms(bare.cpu.server)}, db ${ms(bare.cpu.db)}` +
              (bare.errors ? `, ${bare.errors} errors (the figure does not count)` : '')
            : ''),
      );
    }
    http.close();
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    memory = { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } finally {
    await stopAll();
    process.off('SIGINT', stopOnSignal).off('SIGTERM', stopOnSignal);
  }
  if (vacuumed.length) notes.push(`vacuumed as autovacuum would (between requests, not measured): ${vacuumed.join(', ')}`);
  if (heartbeatRows.length) {
    const mean = heartbeatRows.reduce((a, b) => a + b, 0) / heartbeatRows.length;
    notes.push(
      `heartbeats replayed before each request (not measured): ${Math.min(...heartbeatRows)}–${Math.max(...heartbeatRows)} members marked, ${mean.toFixed(0)} on average`,
    );
  }
  return { rows, notes, seeded: prepared.seeded, label: prepared.label, memory };
}

console.log(
  `Discovery at ${members} members: ${connections} connections, ${seconds} s each; ${os.cpus().length} CPUs, ` +
    `load ${loadText()}, Node ${process.version}; ${PG_SERVER_LABEL}` +
    (coresApart && kinds.includes('postgres') ? '; the servers on core 0, PostgreSQL on the others' : '') +
    '\n',
);
const all = [];
for (const kind of kinds) {
  const result = await runKind(kind);
  all.push(result);
  if (result.seeded !== null)
    console.log(`${result.label}: seeded in ${result.seeded.toFixed(1)} s (migrations, demo community, ${members} members)`);
  for (const n of result.notes) console.log(`note: ${n}`);
}
if (values['plans-only']) process.exit(0);
const rows = all.flatMap((r) => r.rows);
const floor = new Map(rows.filter((r) => r.name === 'baseline').map((r) => [r.kind, r.p95]));
console.log(
  '\n' +
    table(
      [
        'database',
        'request',
        'requests/s',
        'p50',
        'p95',
        '× baseline p95',
        ...(values['sql-floor'] ? ['its SQL, bare server p95'] : []),
        'p99',
        'errors',
        'CPU/request: server',
        'db',
        'load (1 min, 5, 15)',
      ],
      rows.map((r) => [
        r.kind,
        r.alone ? `${r.what} (1 request alone)` : r.what,
        r.alone ? '-' : r.perSecond.toFixed(0),
        ms(r.p50),
        ms(r.p95),
        `${(r.p95 / floor.get(r.kind)).toFixed(1)}×`,
        ...(values['sql-floor'] ? [!r.bare ? '-' : r.bare.errors ? `${r.bare.errors} errors` : ms(r.bare.p95)] : []),
        ms(r.p99),
        String(r.errors),
        r.alone || r.name === 'baseline' ? '-' : ms(r.cpu.server),
        r.alone || r.name === 'baseline' ? '-' : ms(r.cpu.db),
        r.load,
      ]),
    ),
);
for (const r of all)
  if (r.memory) console.log(`${r.label}: server RSS ${r.memory.rss.toFixed(0)} MB after the run, peak ${r.memory.peak.toFixed(0)} MB`);
let ok = true;
for (const r of rows.filter((r) => r.name !== 'baseline')) {
  const pass = r.p95 <= budget && r.errors === 0;
  if (!pass) console.log(`OVER BUDGET (${r.kind}): ${r.what}: p95 ${ms(r.p95)} vs ${budget} ms${r.errors ? `, ${r.errors} errors` : ''}`);
  ok &&= pass;
}
console.log(ok ? `\nAll within budget (p95 ≤ ${budget} ms).` : `\nBudget: p95 ≤ ${budget} ms at ${members} members.`);
process.exit(ok ? 0 : 1); // the in-process app (plans) keeps timers alive
