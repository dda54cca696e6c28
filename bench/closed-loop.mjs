// A closed-loop load generator with exact percentiles: `connections` clients, each sending its next
// request as soon as the last one answered. Used by bench/discovery.mjs and bench/messaging-lists.mjs.
import { performance } from 'node:perf_hooks';
import { percentile } from './lib/measure.mjs';
import { cpuPerRequest, cpuSnapshot } from './cpu.mjs';

/**
 * Runs for `seconds`; `next()` returns { path, cookie } for each request. Every non-200 answer and
 * every transport error is counted and left out of the timings (the first three are printed).
 * With `serverPid`, also the CPU ms per request of the server, PostgreSQL and this client (cpu.mjs).
 */
export async function closedLoop(http, { connections, seconds, next, serverPid }) {
  const cpuBefore = cpuSnapshot(serverPid);
  const times = [];
  let errors = 0;
  let statusErrors = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const { path, cookie } = next();
        const t0 = performance.now();
        try {
          const res = await http.request('GET', path, cookie);
          if (res.status !== 200) {
            statusErrors++;
            if (statusErrors <= 3) console.error(`  ${path} → ${res.status}: ${res.text.slice(0, 200)}`);
          } else times.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    count: times.length,
    perSecond: times.length / elapsed,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    max: times.at(-1),
    errors: errors + statusErrors,
    cpu: cpuPerRequest(cpuBefore, serverPid, times.length + statusErrors),
  };
}
