// The clubs page. Budget (issue "Community"): the clubs page p95 ≤ 20 ms, here each request the page
// makes (the directory, a search with a region, a club's page and its reviews) at 10 concurrent
// connections for 5 s after 2 s of warm-up, on PostgreSQL, with the demo directory (63 clubs, spec
// §9) and 20 000 reviews on it (a few hundred a club), exact percentiles.
//
//   node bench/clubs.mjs [--connections 10] [--seconds 5]
//
// A database of its own on the machine's PostgreSQL (BENCH_PG_URL's server, by default
// its Unix socket: lib/database.mjs): velvet_bench_clubs, created and seeded when missing.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { closedLoop } from './closed-loop.mjs';
import { ensureDatabase, seedCommunity } from './lib/database.mjs';
import { httpClient } from './lib/load.mjs';
import { loadText, ms } from './lib/measure.mjs';
import { signIn, spawnServer, table } from './server.mjs';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '10' }, seconds: { type: 'string', default: '5' } } });
const connections = Number(values.connections);
const seconds = Number(values.seconds);
const BUDGET_MS = 20;
const REVIEWS = 20_000;

const url = await ensureDatabase('velvet_bench_clubs');
// the demo community (with its directory) and 1 000 members, then reviews until there are REVIEWS
seedCommunity({ DATABASE_URL: url }, 1000);
const db = new pg.Client({ connectionString: url });
await db.connect();
await db.query(`
  insert into club_reviews (club_id, author_id, rating, body, created_at)
  select c.id, u.user_id, 1 + abs(hashtext(c.id::text || u.user_id)) % 5, 'A review of the night.', now() - (abs(hashtext(u.user_id || c.id::text)) % 200) * interval '1 day'
  from clubs c cross join lateral (select user_id from profiles order by hashtext(user_id || c.id::text) limit ${Math.ceil(REVIEWS / 63)}) u
  on conflict do nothing`);
await db.query('vacuum analyze club_reviews');
// Each review updates its club's count and stars (a trigger, migration 0024): 20 000 of them in the one
// statement above leave every club's row in hundreds of versions that nothing could prune meanwhile
// (63 rows over 519 pages). Reviews that arrive over months leave none (HOT pruning, autovacuum);
// the directory is measured on the table as they would leave it.
await db.query('vacuum (full, analyze) clubs');
const reviews = (await db.query('select count(*)::int as n from club_reviews')).rows[0].n;
const club = (await db.query(`select id from clubs order by name limit 1`)).rows[0].id;
await db.end();

const server = await spawnServer({ DATABASE_URL: url, SEED: 'never', NODE_ENV: 'production', RATE_LIMITS: 'off' });
await server.ready;
const cookie = await signIn(server.url, 'demo@velvet.local');
const http = httpClient(server.url, connections);

const REQUESTS = [
  ['Clubs: the directory', '/api/v1/clubs'],
  ['Clubs: a search with a region', '/api/v1/clubs?q=club&region=London'],
  ["Clubs: a club's page", `/api/v1/clubs/${club}`],
  ["Clubs: a club's reviews", `/api/v1/clubs/${club}/reviews`],
];
const rows = [];
let over = 0;
try {
  for (const [name, reqPath] of REQUESTS) {
    const check = await http.request('GET', reqPath, cookie);
    if (check.status !== 200) throw new Error(`${reqPath} → ${check.status} ${check.text.slice(0, 200)}`);
    await closedLoop(http, { connections, seconds: 2, next: () => ({ path: reqPath, cookie }) });
    const r = await closedLoop(http, { connections, seconds, serverPid: server.pid, next: () => ({ path: reqPath, cookie }) });
    if (r.p95 > BUDGET_MS) over++;
    rows.push([
      name,
      String(Math.round(r.perSecond)),
      ms(r.p50),
      ms(r.p95),
      ms(r.p99),
      String(r.errors),
      `${r.cpu.server.toFixed(2)} / ${r.cpu.db.toFixed(2)} ms`,
    ]);
  }
} finally {
  await server.stop();
}
console.log(`Clubs at ${connections} connections, ${seconds} s each, ${reviews} reviews, ${os.cpus().length} CPUs, load ${loadText()}`);
console.log(table(['request', 'requests/s', 'p50', 'p95', 'p99', 'errors', 'CPU/request server / db'], rows));
console.log(over ? `OVER BUDGET: ${over} request(s) over p95 ${BUDGET_MS} ms` : `Every request within p95 ≤ ${BUDGET_MS} ms.`);
process.exit(over ? 1 : 0);
