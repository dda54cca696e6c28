// Inbox and thread reads. Budget (issue "Messaging"): the conversations list
// (GET /api/v1/messages/conversations) p95 ≤ 30 ms for a member with 1 000 conversations; a thread
// page (GET /api/v1/messages/conversations/:otherId/messages) p95 ≤ 20 ms.
//
//   node bench/messaging-lists.mjs [--db both|postgres|pglite] [--connections 10] [--seconds 10]
//
// The same throw-away databases and seeded history as bench/messaging-delivery.mjs: member mb-1
// has 1 000 conversations of 60 messages (a quarter with unread messages), one of them (with mb-2)
// 10 000 messages long, and 1 000 other members exchanged 100 000 messages among themselves. Every
// request is mb-1's. Each read runs as a closed loop of `connections` concurrent clients for
// `seconds` after a 2 s warm-up; percentiles are exact (nearest rank over every request).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { httpClient } from './lib/load.mjs';
import { ms } from './lib/measure.mjs';
import { HEAVY_CONVERSATIONS, LONG_THREAD, createFixture } from './messaging-delivery.mjs';
import { closedLoop } from './closed-loop.mjs';
import { table } from './server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    workers: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
  },
});
const kinds = values.db === 'both' ? ['postgres', 'pglite'] : [values.db];
if (!kinds.every((k) => k === 'postgres' || k === 'pglite')) throw new Error('--db is both, postgres or pglite');
const connections = Number(values.connections);
const seconds = Number(values.seconds);
if (connections < 1 || connections > 100 || seconds <= 0 || seconds > 120)
  throw new Error('keep it bounded: 1–100 connections, at most 120 s');

/** The shared closed loop, every request as mb-1 (`cookie`), for `secs` seconds. */
const run = (http, cookie, nextPath, secs, serverPid) =>
  closedLoop(http, { connections, seconds: secs, serverPid, next: () => ({ path: nextPath(), cookie }) });

async function runLists(kind) {
  const fixture = await createFixture(kind, { members: HEAVY_CONVERSATIONS + 1000, workers: Number(values.workers) });
  try {
    const server = await fixture.start();
    const http = httpClient(server.url, connections);
    const cookie = fixture.cookies[0]; // mb-1

    // sanity: the inbox holds every conversation, the long thread pages back
    let inbox = JSON.parse((await http.request('GET', '/api/v1/messages/conversations?limit=100', cookie)).text);
    let conversations = inbox.items.length;
    while (inbox.nextCursor) {
      inbox = JSON.parse(
        (await http.request('GET', `/api/v1/messages/conversations?limit=100&cursor=${encodeURIComponent(inbox.nextCursor)}`, cookie)).text,
      );
      conversations += inbox.items.length;
    }
    if (conversations !== HEAVY_CONVERSATIONS) throw new Error(`mb-1 has ${conversations} conversations, expected ${HEAVY_CONVERSATIONS}`);
    // cursors into the long thread, from 1 to about 40 pages back
    const cursors = [];
    let page = JSON.parse((await http.request('GET', '/api/v1/messages/conversations/mb-2/messages', cookie)).text);
    while (page.nextCursor && cursors.length < 40) {
      cursors.push(page.nextCursor);
      page = JSON.parse(
        (await http.request('GET', `/api/v1/messages/conversations/mb-2/messages?before=${encodeURIComponent(page.nextCursor)}`, cookie))
          .text,
      );
    }
    if (page.items.length !== 50) throw new Error('the long thread does not page back in full pages');

    let n = 0;
    const reads = [
      ['conversations, first page (30 of 1 000)', 30, () => '/api/v1/messages/conversations'],
      [
        'thread, newest page (50), over 1 000 threads',
        20,
        () => `/api/v1/messages/conversations/mb-${2 + (n++ % HEAVY_CONVERSATIONS)}/messages`,
      ],
      [
        `thread, older page (before=), ${LONG_THREAD} messages`,
        20,
        () => `/api/v1/messages/conversations/mb-2/messages?before=${encodeURIComponent(cursors[n++ % cursors.length])}`,
      ],
    ];
    const rows = [];
    for (const [name, budget, nextPath] of reads) {
      await run(http, cookie, nextPath, 2);
      rows.push({ kind, name, budget, ...(await run(http, cookie, nextPath, seconds, server.pid)) });
    }
    http.close();
    return rows;
  } finally {
    await fixture.cleanup();
  }
}

const loadBefore = os.loadavg();
console.log(
  `Messaging reads as a member with ${HEAVY_CONVERSATIONS} conversations: ${connections} connections, ${seconds} s each; ` +
    `${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}\n`,
);
const rows = [];
for (const kind of kinds) rows.push(...(await runLists(kind)));
const loadAfter = os.loadavg();
console.log(
  '\n' +
    table(
      ['database', 'read', 'requests/s', 'p50', 'p95', 'p99', 'max', 'errors', 'budget p95', 'CPU/request: server', 'db', 'bench'],
      rows.map((r) => [
        r.kind,
        r.name,
        r.perSecond.toFixed(0),
        ms(r.p50),
        ms(r.p95),
        ms(r.p99),
        ms(r.max),
        String(r.errors),
        `${r.budget} ms`,
        ms(r.cpu.server),
        ms(r.cpu.db),
        ms(r.cpu.client),
      ]),
    ),
);
console.log(`\nload average ${loadAfter.map((l) => l.toFixed(1)).join(' ')} at the end`);
let ok = true;
for (const r of rows) {
  const pass = r.p95 <= r.budget && r.errors === 0;
  console.log(
    `${pass ? 'within budget' : 'OVER BUDGET'} (${r.kind}): ${r.name}: p95 ${ms(r.p95)} vs ${r.budget} ms${r.errors ? `, ${r.errors} errors` : ''}`,
  );
  ok &&= pass;
}
process.exitCode = ok ? 0 : 1;
