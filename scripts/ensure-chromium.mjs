// Browser journeys need Debian's Chromium; install it when missing (root can), else say how.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Installing Chromium from Debian (apt-get)...');
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (run(['update', '-qq']).status !== 0 || run(['install', '-y', '-qq', 'chromium']).status !== 0 || !existsSync(CHROMIUM)) {
    console.error('Could not install Chromium. Install it with: apt-get update && apt-get install -y chromium');
    process.exit(1);
  }
}
