// The Updates feed. Budget (issue 17 "Updates, notifications, stats"): the feed p95 ≤ 30 ms for a
// member with 10 000 activities, on PostgreSQL. The issue names no concurrency; the feed is one
// member's own list, measured as the messaging lists with the same 30 ms budget are: 10 concurrent
// requests (`--connections 50` gives the discovery benches' load, where a 2-core machine shared with
// the load generator queues every request behind 49 others). Measured: the first page, a page deep
// in the feed (a keyset cursor half way down: it costs what the first page costs), the unread-only
// feed and the unread count, each for 5 s after 2 s of warm-up, exact percentiles. Before them, a plain Node `http` server (bench/baseline-http.mjs) under the same client
// and connections: the floor every request stands on.
//
//   node bench/updates.mjs [--connections 10] [--seconds 5]
//
// A database of its own on the machine's PostgreSQL (BENCH_PG_URL's server, by default
// its Unix socket: lib/database.mjs): velvet_bench_updates, created and seeded when missing; the
// demo member is given ACTIVITIES activities (from 1 000 members, every type, one in fifty unread).
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startBaseline } from './baseline-http.mjs';
import { closedLoop } from './closed-loop.mjs';
import { ensureDatabase, seedCommunity } from './lib/database.mjs';
import { ms } from './lib/measure.mjs';
import { rawHttpClient } from './raw-http.mjs';
import { signIn, spawnServer, table } from './server.mjs';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '10' }, seconds: { type: 'string', default: '5' } } });
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const BUDGET_MS = 30;
const ACTIVITIES = 10_000;

const url = await ensureDatabase('velvet_bench_updates');
// the demo community and 1 000 members (idempotent), then the demo member's activities up to ACTIVITIES
seedCommunity({ DATABASE_URL: url }, 1000);
const db = new pg.Client({ connectionString: url });
await db.connect();
const me = (await db.query(`select id from "user" where email = 'demo@velvet.local'`)).rows[0].id;
const have = (await db.query('select count(*)::int as n from activities where recipient_id = $1', [me])).rows[0].n;
if (have < ACTIVITIES) {
  await db.query(
    `insert into activities (recipient_id, actor_id, type, created_at, read_at)
     select $1, a.user_id,
       (array['like','match','message','friend_invite','friend_accept','profile_view','wink','fab','new_content'])[1 + i % 9],
       now() - (i * interval '7 minutes') - (abs(hashtext(a.user_id)) % 60) * interval '1 second',
       case when i % 50 = 0 then null else now() end
     from generate_series(1, $2::int) i
     cross join lateral (select user_id from profiles where user_id <> $1 and setup_completed_at is not null
                         order by user_id offset (i * 7919) % 1000 limit 1) a`,
    [me, ACTIVITIES - have],
  );
  await db.query('vacuum analyze activities');
}
const total = (await db.query('select count(*)::int as n from activities where recipient_id = $1', [me])).rows[0].n;
await db.end();

const rows = [];
let over = 0;
const row = (name, r) => [name, String(Math.round(r.perSecond)), ms(r.p50), ms(r.p95), ms(r.p99), String(r.errors)];

// the floor: a plain Node http server under the same client and connections
const baseline = await startBaseline();
try {
  const plain = rawHttpClient(baseline.url, connections);
  const next = () => ({ path: '/api/v1/activities', cookie: '' });
  await closedLoop(plain, { connections, seconds: 2, next });
  rows.push(row('baseline: plain Node http (the floor)', await closedLoop(plain, { connections, seconds, next })));
  plain.close();
} finally {
  await baseline.stop();
}

const server = await spawnServer({ DATABASE_URL: url, SEED: 'never', NODE_ENV: 'production', RATE_LIMITS: 'off' });
await server.ready;
try {
  const cookie = await signIn(server.url, 'demo@velvet.local');
  const http = rawHttpClient(server.url, connections);
  // a page link half way down the feed, as the API hands it out (sealed: it is turned to by paging)
  let deepCursor = '';
  for (let read = 0; read < total / 2; read += 50) {
    const page = await http.request('GET', `/api/v1/activities?limit=50${deepCursor ? `&cursor=${deepCursor}` : ''}`, cookie);
    if (page.status !== 200) throw new Error(`paging the feed → ${page.status} ${page.text.slice(0, 200)}`);
    deepCursor = JSON.parse(page.text).nextCursor;
  }
  const REQUESTS = [
    ['Updates: the first page', '/api/v1/activities'],
    ['Updates: a page half way down (keyset)', `/api/v1/activities?cursor=${deepCursor}`],
    ['Notifications: unread only', '/api/v1/activities?unread=true'],
    ['The unread badge', '/api/v1/activities/unread-count'],
  ];
  for (const [name, reqPath] of REQUESTS) {
    const check = await http.request('GET', reqPath, cookie);
    if (check.status !== 200) throw new Error(`${reqPath} → ${check.status} ${check.text.slice(0, 200)}`);
    await closedLoop(http, { connections, seconds: 2, next: () => ({ path: reqPath, cookie }) });
    const r = await closedLoop(http, { connections, seconds, serverPid: server.pid, next: () => ({ path: reqPath, cookie }) });
    if (r.p95 > BUDGET_MS) over++;
    rows.push(row(name, r));
  }
  http.close();
} finally {
  await server.stop();
}
console.log(
  `Updates at ${connections} connections, ${seconds} s each, ${total} activities for the member, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(table(['request', 'requests/s', 'p50', 'p95', 'p99', 'errors'], rows));
console.log(over ? `OVER BUDGET: ${over} request(s) over p95 ${BUDGET_MS} ms` : `Every request within p95 ≤ ${BUDGET_MS} ms.`);
process.exit(over ? 1 : 0);
