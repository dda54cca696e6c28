// The long crash run: the server killed with SIGKILL 20 times (by default) while a member sends
// messages and uploads photos, on the embedded database and on PostgreSQL (e2e/crash.spec.ts).
// Every acknowledged message and upload must survive and no upload may be visible without its file.
//
//   node bench/crash.mjs [kills, default 20]
import { spawnSync } from 'node:child_process';
import { root } from './server.mjs';

const kills = Number(process.argv[2] ?? 20);
console.log(`killing the server ${kills} times a database`);
const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', 'e2e/crash.spec.ts', '--testTimeout', String(kills * 60_000)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CRASH_KILLS: String(kills) },
});
console.log(
  `${result.status === 0 ? 'nothing lost' : 'LOST OR BROKEN'} after ${kills} kills a database, ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(result.status ?? 1);
