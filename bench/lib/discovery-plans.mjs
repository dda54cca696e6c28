// The plans of bench/discovery.mjs: the SQL each request sends, captured from the real routes run in
// this process, and EXPLAIN (ANALYZE, BUFFERS) of each statement, written beside the figures.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root, signIn } from '../server.mjs';
import { pathOf } from './discovery-requests.mjs';
import { loadText } from './measure.mjs';

const plansDir = path.join(root, 'bench', 'plans');

/**
 * Runs each request once through the real app in this process, records the SQL it sends (pg's
 * Client.query) and writes EXPLAIN (ANALYZE, BUFFERS) of every statement that reads discovery data
 * to bench/plans/<size>-<name>.txt.
 */
export async function capturePlans(url, caller, { requests, members, sizeLabel }) {
  const [{ createApp }, { loadConfig }, { openDatabase }, { createMailer }, { createLocalStorage }, { createLogger }] = await Promise.all([
    import('../../server/src/app.ts'),
    import('../../server/src/config/env.ts'),
    import('../../server/src/db/client.ts'),
    import('../../server/src/mail/mailer.ts'),
    import('../../server/src/storage/local-storage.ts'),
    import('../../server/src/logger.ts'),
  ]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-plans-'));
  const base = 'http://localhost:3000';
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: base, DATABASE_URL: url });
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate(); // as the server would on start: plans are of the schema it will run on
  const { app } = createApp({
    config,
    database,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
    storage: createLocalStorage(path.join(dataDir, 'uploads')),
    log: createLogger('silent'),
  });
  const inProcess = (u, init) => app.request(u.replace(base, ''), init);
  const cookie = await signIn(base, caller.email, { request: inProcess });

  let recording = null;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, callback) {
    if (recording && typeof config === 'string') recording.push({ text: config, values: Array.isArray(values) ? values : [] });
    else if (recording && config && typeof config.text === 'string')
      recording.push({ text: config.text, values: Array.isArray(values) ? values : (config.values ?? []) });
    return original.call(this, config, values, callback);
  };
  const explain = new pg.Client({ connectionString: url });
  await explain.connect();
  mkdirSync(plansDir, { recursive: true });
  const written = [];
  try {
    for (const [name, what, p] of requests) {
      // every distinct text a request sends in turn (the searches cycle through rare and common texts)
      const reqPaths = [...new Set(Array.from({ length: typeof p === 'function' ? 12 : 1 }, (_, i) => pathOf(p, i)))];
      const sections = [];
      const totals = [];
      for (const reqPath of reqPaths) {
        recording = [];
        const res = await app.request(reqPath, { headers: { cookie, origin: base } });
        const statements = recording.filter(
          (s) => /^\s*(select|with)\b/i.test(s.text) && /\b(profiles|likes|profile_views|media)\b/.test(s.text),
        );
        if (process.env.BENCH_COUNT)
          console.log(
            reqPath,
            recording.length,
            recording.map((r) => r.text.replace(/\s+/g, ' ').slice(0, 60)),
          );
        recording = null;
        if (res.status !== 200) continue;
        let total = 0;
        const parts = [`=== GET ${reqPath}: ${statements.length} statement(s) reading discovery data ===`];
        for (const [i, s] of statements.entries()) {
          const run = () => explain.query(`explain (analyze, buffers) ${s.text}`, s.values);
          await run();
          const plan = (await run()).rows.map((r) => r['QUERY PLAN']).join('\n');
          total += Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
          parts.push(`\n--- statement ${i + 1} ---\n${s.text.replace(/\s+/g, ' ').trim()}\nparams: ${JSON.stringify(s.values)}\n\n${plan}`);
        }
        totals.push(`GET ${reqPath}: ${total.toFixed(3)} ms in ${statements.length} statement(s)`);
        sections.push(parts.join('\n'));
      }
      if (sections.length === 0) continue;
      const parts = [
        `${what}`,
        `as ${caller.id}, ${new Date().toISOString()}, ${members} members, load ${loadText()}`,
        'Each statement run twice with EXPLAIN (ANALYZE, BUFFERS), the second shown. Execution time of each request (the sum of its statements):',
        ...totals.map((t) => `  ${t}`),
        '',
        ...sections,
      ];
      const file = path.join(plansDir, `${sizeLabel}-${name}.txt`);
      writeFileSync(file, parts.join('\n') + '\n');
      written.push(path.relative(root, file));
    }
  } finally {
    pg.Client.prototype.query = original;
    await explain.end();
    await database.close();
  }
  console.log(`Plans written: ${written.length} files in ${path.relative(root, plansDir)}/ (${sizeLabel}-*.txt)`);
}
