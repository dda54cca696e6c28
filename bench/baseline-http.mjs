// The plain Node `http` baseline the discovery bench reports its figures against: a server that
// answers every GET with a fixed JSON body of a members page's size (24 cards), no framework, no
// database. What it costs on this machine, under the same load generator and connections, is the
// floor any request of the real server stands on; each figure is also given as a multiple of it.
import { spawn } from 'node:child_process';
import { freePort } from './server.mjs';

const SERVER = `
const http = require('node:http');
const card = { userId: 'bulk-123456', username: 'velvet_fox123456', displayName: 'Emma & Jack', ageText: '34 & 36',
  gender: 'male-female-couple', kind: 'couple', location: 'Manchester', distance: '~5 miles',
  avatarUrl: '/api/v1/media/bench-avatar-3.webp', verified: true, online: false, liked: false };
const body = JSON.stringify({ items: Array.from({ length: 24 }, () => card), nextCursor: 'eyJzb3J0IjoibmVhcmVzdCJ9' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

/** Starts the baseline server; resolves once it listens. */
export const startBaseline = () => startFloor(SERVER, 'the baseline server');

/**
 * Runs a floor server (`source`, a script that listens on PORT and prints a line when it does) in a
 * child process of its own; resolves once it listens, with its URL, pid and a stop().
 */
export async function startFloor(source, name) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code})`)));
  });
  return {
    url: `http://localhost:${port}`,
    pid: child.pid,
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))),
  };
}
