import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * A wrong DATABASE_URL stops the server with one clear line naming the cause, as a malformed URL
 * does: never a stack trace. The real server process, bundled as `npm start` runs it
 * (test/global-setup.ts), against the local PostgreSQL server.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HOST = '127.0.0.1';
const PORT = 5432;

/** Whether a PostgreSQL server listens on the local port (this project's machines run one). */
async function listening(host: string, port: number) {
  const socket = connect(port, host);
  try {
    await once(socket, 'connect');
    return true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}
const localPostgres = await listening(HOST, PORT);

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-db-start-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Starts the server with this DATABASE_URL and returns its exit code and everything it printed. */
async function start(databaseUrl: string) {
  const child = spawn(process.execPath, [inject('serverMain')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0', HOST, SEED: 'never' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, lines: output.trim().split('\n') };
}

function expectOneClearLine(result: { code: number | null; lines: string[] }, cause: RegExp) {
  expect(result.code).toBe(1);
  expect(result.lines).toHaveLength(1);
  expect(result.lines[0]).toMatch(cause);
  expect(result.lines[0]).not.toMatch(/\.(ts|js|mjs):\d+|Error\b/);
}

describe('start-up with a wrong DATABASE_URL', () => {
  it('names a closed port', async () => {
    expectOneClearLine(await start(`postgres://postgres@${HOST}:1/velvet`), /127\.0\.0\.1:1.*refused/i);
  });

  it.runIf(localPostgres)('names a database that does not exist', async () => {
    expectOneClearLine(await start(`postgres://postgres@${HOST}:${PORT}/velvet_no_such_db`), /database "velvet_no_such_db" does not exist/);
  });

  it.runIf(localPostgres)('names a role that does not exist, without its password', async () => {
    const result = await start(`postgres://velvet_no_such_role:s3cret-pw@${HOST}:${PORT}/postgres`);
    expectOneClearLine(result, /role "velvet_no_such_role" does not exist/);
    expect(result.lines[0]).not.toContain('s3cret-pw');
  });
});
