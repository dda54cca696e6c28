// npm test: the whole suite. Lint, typecheck, unit + integration on PGlite, the integration suite
// again on PostgreSQL when TEST_DATABASE_URL is set, then browser journeys in Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  // video uploads (server tests, browser journeys) need ffmpeg: Debian's package, installed when missing
  ['ffmpeg', 'node', ['scripts/ensure-ffmpeg.mjs']],
  ['lint', 'npm', ['run', 'lint', '--silent']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  [
    'unit + integration (PGlite)',
    'npx',
    ['vitest', 'run', '--project', 'core', '--project', 'web', '--project', 'server'],
    { TEST_DATABASE_URL: '' },
  ],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['integration (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], {}]);
}
steps.push(['bundle size (size-limit)', 'npm', ['run', 'size', '--silent']]);
steps.push(['browser journeys (Chromium)', 'npm', ['run', 'test:e2e', '--silent']]);

const only = process.argv.slice(2);
for (const [name, cmd, args, env] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`${result.status === 0 ? '✔' : '✖'} ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
