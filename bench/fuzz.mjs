// The long fuzzing run: every route of the OpenAPI document under random and hostile input
// (server/test/api-fuzz.test.ts), many more cases than CI's fixed-seed pass and a new seed each time.
// Never a 5xx; a refused request changes no row. Exits 1 on the first finding, printing the seed.
//
//   node bench/fuzz.mjs [runs per route, default 200] [seed]
import { spawnSync } from 'node:child_process';
import { root } from './server.mjs';

const runs = Number(process.argv[2] ?? 200);
const seed = Number(process.argv[3] ?? Math.floor(Math.random() * 2 ** 31));
console.log(`fuzzing every route: ${runs} cases each, seed ${seed}`);
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'server/test/api-fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed), TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '' },
});
console.log(`${result.status === 0 ? 'no finding' : 'FOUND'} in ${Math.round((Date.now() - started) / 1000)} s (seed ${seed})`);
process.exit(result.status ?? 1);
