// npm start: builds the web app when its build is missing, bundles the server (a second), then
// serves app + API on one port.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import { buildServer } from './build-server.mjs';
import { serverEnv, serverNodeArgs } from './server-node-args.mjs';

if (!existsSync('web/dist/index.html')) {
  console.log('Building the web app (first start)...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const main = await buildServer();
const server = spawn(process.execPath, [...serverNodeArgs(process.env), main], {
  cwd: 'server',
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
