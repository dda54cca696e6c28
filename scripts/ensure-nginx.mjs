// The deployment journey (e2e/deploy.spec.ts) runs two servers behind Debian's nginx; install it when
// missing (root can), else say how. NGINX_PATH names another build.
import { spawnSync } from 'node:child_process';

const nginx = process.env.NGINX_PATH ?? 'nginx';
// nginx lives in /usr/sbin, which a non-login shell's PATH may lack
const env = { ...process.env, PATH: `${process.env.PATH ?? ''}:/usr/sbin:/sbin` };
const works = () => spawnSync(nginx, ['-v'], { stdio: 'ignore', env }).status === 0;

if (!works()) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error('nginx is missing (the deployment test needs it). Install it with: sudo apt-get update && sudo apt-get install -y nginx');
    process.exit(1);
  }
  console.log('Installing nginx from Debian (apt-get)...');
  const run = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (run(['update', '-qq']).status !== 0 || run(['install', '-y', '-qq', '--no-install-recommends', 'nginx']).status !== 0 || !works()) {
    console.error('Could not install nginx. Install it with: apt-get update && apt-get install -y nginx');
    process.exit(1);
  }
}
