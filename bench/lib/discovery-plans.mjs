// The plans of bench/discovery.mjs: the SQL each request sends, captured from the real routes run in
// this process, and EXPLAIN (ANALYZE, BUFFERS) of each statement, written beside the figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root, signIn } from '../server.mjs';
import { pathOf } from './discovery-requests.mjs';
import { inProcessApp } from './in-process-app.mjs';
import { loadText } from './measure.mjs';

const plansDir = path.join(root, 'bench', 'plans');

/**
 * Runs each request once through the real app in this process, records the SQL it sends (pg's
 * Client.query) and writes EXPLAIN (ANALYZE, BUFFERS) of every statement that reads discovery data
 * to bench/plans/<size>-<name>.txt.
 */
export async function capturePlans(url, caller, { requests, members, sizeLabel }) {
  const app = await inProcessApp(url);
  const cookie = await signIn(app.base, caller.email, { request: app.request });
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
        const { result: res, statements: sent } = await app.record(() => app.request(reqPath, { headers: { cookie, origin: app.base } }));
        const statements = sent.filter(
          (s) => /^\s*(select|with)\b/i.test(s.text) && /\b(profiles|likes|profile_views|media)\b/.test(s.text),
        );
        if (process.env.BENCH_COUNT)
          console.log(
            reqPath,
            sent.length,
            sent.map((r) => r.text.replace(/\s+/g, ' ').slice(0, 60)),
          );
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
    await explain.end();
    await app.close();
  }
  console.log(`Plans written: ${written.length} files in ${path.relative(root, plansDir)}/ (${sizeLabel}-*.txt)`);
}
