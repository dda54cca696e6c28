// npm test: the whole suite. Lint, typecheck, unit + integration on PGlite, the integration suite
// again on PostgreSQL when TEST_DATABASE_URL is set, the bundle's size, then browser journeys in
// Chromium. `npm test -- lint unit` runs the steps whose names start so.
import { spawn } from 'node:child_process';

/** One step: its commands run one after the other, each with the step's environment. */
const step = (name, commands, env = {}) => ({ name, commands, env });
const npm = (...args) => ['npm', args];
const node = (...args) => ['node', args];

const journeysCommands = [
  node('scripts/ensure-chromium.mjs'),
  node('scripts/ensure-nginx.mjs'),
  ['npx', ['vitest', 'run', '--project', 'e2e']],
];

/**
 * The suite in stages: a stage's steps run side by side (each of lint and typecheck keeps one core
 * busy for a minute or more; installing the tools from Debian's packages is mostly waiting), the
 * stages one after another.
 */
const stages = [
  [
    // video uploads (server tests, browser journeys) need ffmpeg; the journeys Chromium and nginx:
    // Debian's packages, installed when missing (one after another: apt-get takes a lock)
    step('tools (ffmpeg, Chromium, nginx)', [
      node('scripts/ensure-ffmpeg.mjs'),
      node('scripts/ensure-chromium.mjs'),
      node('scripts/ensure-nginx.mjs'),
    ]),
    step('lint', [npm('run', 'lint', '--silent')]),
    step('typecheck', [npm('run', 'typecheck', '--silent')]),
  ],
  [
    step('unit + integration (PGlite)', [['npx', ['vitest', 'run', '--project', 'core', '--project', 'web', '--project', 'server']]], {
      TEST_DATABASE_URL: '',
    }),
  ],
  [
    ...(process.env.TEST_DATABASE_URL ? [step('integration (PostgreSQL)', [['npx', ['vitest', 'run', '--project', 'server']]])] : []),
    // builds the web app, which the journeys then serve; beside the PostgreSQL run, which leaves
    // most of a core idle while it waits on the database server (the server's tests serve a web
    // app of their own, never web/dist)
    step('bundle size (size-limit)', [npm('run', 'size', '--silent')]),
  ],
  [step('browser journeys (Chromium)', journeysCommands)],
];

const only = process.argv.slice(2);
const wanted = (s) => !only.length || only.some((o) => s.name.startsWith(o));
const chosen = stages.map((stage) => stage.filter(wanted)).filter((stage) => stage.length > 0);
// the journeys alone build the web app just before they run (the size step builds it when it runs)
if (!chosen.flat().some((s) => s.name.startsWith('bundle'))) {
  const journeys = chosen.flat().find((s) => s.name.startsWith('browser'));
  journeys?.commands.splice(-1, 0, npm('run', 'build', '--silent'));
}

/** Runs a step's commands in turn; its output goes straight through, or is kept for one block when others run beside it. */
function runStep(s, { buffered }) {
  return new Promise((resolve) => {
    let output = '';
    const started = Date.now();
    const next = (i) => {
      if (i === s.commands.length) return resolve({ status: 0, output, seconds: Math.round((Date.now() - started) / 1000) });
      const [cmd, args] = s.commands[i];
      const child = spawn(cmd, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...s.env } });
      if (buffered) {
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
      }
      child.on('close', (code, signal) => {
        if (code !== 0) resolve({ status: code ?? (signal ? 1 : 0), output, seconds: Math.round((Date.now() - started) / 1000) });
        else next(i + 1);
      });
    };
    next(0);
  });
}

for (const stage of chosen) {
  const buffered = stage.length > 1;
  if (buffered) console.log(`\n▶ ${stage.map((s) => s.name).join(' | ')} (side by side)`);
  const results = await Promise.all(
    stage.map(async (s) => {
      if (!buffered) console.log(`\n▶ ${s.name}`);
      const result = await runStep(s, { buffered });
      if (buffered) process.stdout.write(`\n── ${s.name}\n${result.output}`);
      console.log(`${result.status === 0 ? '✔' : '✖'} ${s.name} (${result.seconds} s)`);
      return result;
    }),
  );
  const failed = results.find((r) => r.status !== 0);
  if (failed) process.exit(failed.status);
}
