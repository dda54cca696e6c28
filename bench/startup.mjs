// Server start-up time: from spawning the process until /api/v1/health answers 200 (budget: 3 s).
//
//   node bench/startup.mjs [runs]     (default 5)
//
// Starts the server as `npm start` does (no NODE_ENV: development, embedded PGlite, SEED=auto).
// The first start creates the data directory (database files, migrations, the demo seed) and is
// reported on its own; the budget applies to the median of the following starts on that data.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, table } from './server.mjs';

const BUDGET_MS = 3000;
const runs = Number(process.argv[2] ?? 5);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-startup-'));
// LOG_LEVEL=info for the server's own 'server ready' line, whose ms counts from the end of module loading
const env = { NODE_ENV: 'development', DATA_DIR: dataDir, SEED: 'auto', DATABASE_URL: '', LOG_LEVEL: 'info' };

/** One start: the total, and the part main.ts reports (config, database open, migrations, seed, listen). */
async function once() {
  const server = await spawnServer(env);
  const total = await server.ready.catch((err) => err);
  const code = await server.stop();
  if (total instanceof Error) throw total;
  if (code !== 0) throw new Error(`server exited with ${code}:\n${server.output()}`);
  const line = server
    .output()
    .split('\n')
    .find((l) => l.includes('"server ready"'));
  const inMain = line ? JSON.parse(line).ms : NaN;
  return { total, inMain };
}

try {
  const first = await once();
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  // the median run (by total), shown with its own breakdown
  const med = [...times].sort((a, b) => a.total - b.total)[Math.floor(times.length / 2)];
  const ms = (t) => (Number.isFinite(t) ? `${Math.round(t)} ms` : '-');
  const row = (name, t) => [name, ms(t.total), ms(t.total - t.inMain), ms(t.inMain)];

  const load = os.loadavg()[0].toFixed(1);
  console.log(
    `Server start-up: spawn until GET /api/v1/health answers 200 (${os.cpus().length} CPUs, load ${load}, Node ${process.version})\n`,
  );
  console.log(
    table(
      ['start', 'total', 'node + imports', 'main.ts (db, migrate, seed, listen)'],
      [
        row('first (creates the data dir, migrates, seeds)', first),
        ...times.map((t, i) => row(`existing data dir, run ${i + 1}`, t)),
        row(`median of ${runs} on existing data`, med),
      ],
    ),
  );
  const over = med.total > BUDGET_MS;
  console.log(`\n${over ? 'OVER BUDGET' : 'within budget'}: median ${ms(med.total)} vs the ${BUDGET_MS / 1000} s budget`);
  process.exitCode = over ? 1 : 0;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
