// npm run bench: every benchmark in turn; exits 1 when any is over its budget. Not part of npm test.
//
//   npm run bench      (the sign-in page's JavaScript is checked in CI: npm run size)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './server.mjs';

const benches = [
  ['Server start-up', 'startup.mjs', []],
  ['Pages on a phone: Lighthouse mobile (needs npm run build)', 'lighthouse.mjs', []],
  ['Image upload processing', 'upload.mjs', [], ['--import', 'tsx']],
  ['Server memory under 8 large uploads at once', 'upload-burst.mjs', []],
  ['Server memory during a 50 MB video upload', 'content-upload.mjs', []],
  ['Profile read at 100 000 members (PostgreSQL)', 'profile-read.mjs', []],
  ['Message delivery and socket memory (PostgreSQL, PGlite)', 'messaging-delivery.mjs', []],
  ['Conversations list and thread pages (PostgreSQL, PGlite)', 'messaging-lists.mjs', []],
  ['Discovery at 100 000 members (PostgreSQL)', 'discovery.mjs', [], ['--import', 'tsx']],
  ['Clubs page (PostgreSQL)', 'clubs.mjs', []],
  ['Updates feed for a member with 10 000 activities (PostgreSQL)', 'updates.mjs', []],
  ['Live notification delivery (PostgreSQL)', 'notification-delivery.mjs', []],
  ['Soak: 10 minutes of mixed load, RSS flat and no errors (PostgreSQL)', 'soak.mjs', []],
  ['Every route under random and hostile input (long run)', 'fuzz.mjs', []],
  ['SIGKILL while members write, 20 times a database', 'crash.mjs', []],
];

let failed = 0;
for (const [name, file, args, nodeFlags = []] of benches) {
  console.log(`\n=== ${name} (bench/${file}) ===\n`);
  const { status } = spawnSync(process.execPath, [...nodeFlags, path.join(root, 'bench', file), ...args], { stdio: 'inherit', cwd: root });
  if (status !== 0) failed++;
}
console.log(failed ? `\n${failed} benchmark(s) over budget or failed.` : '\nAll benchmarks within budget.');
process.exitCode = failed ? 1 : 0;
