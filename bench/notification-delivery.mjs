// Live notification delivery. Budget (issue "Community": a notification delivered live within the
// messaging budget): from a friend invite (POST /api/v1/friends/:userId) to the invitee's WebSocket
// (activity.created on /api/v1/realtime) p50 ≤ 10 ms and p99 ≤ 50 ms, with 2 000 connected sockets
// and 200 invites/s, on PostgreSQL.
//
//   node bench/notification-delivery.mjs [--sockets 2000] [--rate 200] [--seconds 30]
//
// The members, their sessions and sockets come from the messaging bench's fixture (a fresh database
// on BENCH_PG_URL's server, dropped at the end). Member i invites member i + sockets/2; once the
// invite has arrived the inviter cancels it (DELETE, no notification), so the pair can go again.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { httpClient, inBatches, openLoop, openSocket } from './lib/load.mjs';
import { ms, percentile } from './lib/measure.mjs';
import { createFixture } from './messaging-delivery.mjs';
import { table } from './server.mjs';

const BUDGET = { p50: 10, p99: 50 };
const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
  },
});
const opts = { sockets: Number(values.sockets), rate: Number(values.rate), seconds: Number(values.seconds), warmup: Number(values.warmup) };
const pairs = Math.floor(opts.sockets / 2);

console.log(
  `Notification delivery: friend invite → invitee's socket, ${opts.sockets} sockets, ${opts.rate} invites/s for ${opts.seconds} s`,
);
const fixture = await createFixture('postgres', { members: opts.sockets, history: false });
const sockets = [];
let exitCode;
try {
  const server = await fixture.start();
  const wsUrl = `${server.url.replace(/^http/, 'ws')}/api/v1/realtime`;
  const http = httpClient(server.url);

  /** pair index → { t0, counted } while its invite is on its way */
  const pending = new Map();
  const busy = new Set();
  const latencies = [];
  let statusErrors = 0;
  let skipped = 0;
  let cancelErrors = 0;
  const onActivity = ({ type, payload }, at) => {
    if (type !== 'activity.created') return;
    const { activity } = payload;
    if (activity.type !== 'friend_invite' || !activity.actor) return;
    const pair = Number(activity.actor.userId.slice(3)) - 1;
    const p = pending.get(pair);
    if (!p) return;
    pending.delete(pair);
    if (p.counted) latencies.push(at - p.t0);
    // cancel, so that the pair may go again
    http
      .request('DELETE', `/api/v1/friends/mb-${pair + pairs + 1}`, fixture.cookies[pair])
      .then((res) => {
        if (res.status !== 204 && ++cancelErrors <= 3) console.error(`  cancel → ${res.status}: ${res.text.slice(0, 200)}`);
      })
      .catch(() => undefined)
      .finally(() => busy.delete(pair));
  };
  sockets.push(...(await inBatches(opts.sockets, (i) => openSocket(wsUrl, fixture.cookies[i], onActivity))));

  let seq = 0;
  const inviteOne = (counted) => {
    const pair = seq++ % pairs;
    if (busy.has(pair)) {
      if (counted) skipped++;
      return;
    }
    busy.add(pair);
    pending.set(pair, { t0: performance.now(), counted });
    http
      .request('POST', `/api/v1/friends/mb-${pair + pairs + 1}`, fixture.cookies[pair])
      .then((res) => {
        if (res.status !== 201) {
          statusErrors++;
          pending.delete(pair);
          busy.delete(pair);
          if (statusErrors <= 3) console.error(`  invite → ${res.status}: ${res.text.slice(0, 200)}`);
        }
      })
      .catch(() => {
        statusErrors++;
        pending.delete(pair);
        busy.delete(pair);
      });
  };
  const drive = (seconds, counted) => openLoop({ rate: opts.rate, seconds, fire: () => inviteOne(counted) });

  await drive(opts.warmup, false);
  const startCount = seq;
  await drive(opts.seconds, true);
  const deadline = performance.now() + 10_000;
  while ([...pending.values()].some((p) => p.counted) && performance.now() < deadline) await sleep(50);
  const attempted = seq - startCount - skipped;
  const sorted = [
    ...latencies.sort((a, b) => a - b),
    ...new Array(Math.max(0, attempted - latencies.length - statusErrors)).fill(Infinity),
  ];
  const p50 = percentile(sorted, 0.5);
  const p99 = percentile(sorted, 0.99);
  http.close();
  console.log(
    table(
      ['invites', 'delivered', 'refused', 'skipped (pair busy)', 'p50', 'p95', 'p99', 'max', 'budget p50 / p99'],
      [
        [
          attempted,
          latencies.length,
          statusErrors,
          skipped,
          ms(p50),
          ms(percentile(sorted, 0.95)),
          ms(p99),
          ms(sorted.at(-1)),
          `${BUDGET.p50} / ${BUDGET.p99} ms`,
        ],
      ],
    ),
  );
  exitCode = p50 <= BUDGET.p50 && p99 <= BUDGET.p99 && statusErrors === 0 ? 0 : 1;
} catch (err) {
  console.error(err);
} finally {
  for (const ws of sockets) ws?.terminate();
  await fixture.cleanup();
}
process.exit(exitCode ?? 1);
