import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitUntilReady, type ServerProcess } from './support/server';
import { uniqueEmail } from './support/members';

/** The real server process: configuration errors, graceful shutdown, restart on the same data, the demo seed. */

const dataDirs: string[] = [];

afterAll(async () => {
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true, maxRetries: 5 })));
});

async function newDataDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-lifecycle-'));
  dataDirs.push(dir);
  return dir;
}

type Proc = ServerProcess;

async function startOn(dataDir: string, env: Record<string, string> = {}) {
  const p = await spawnServer(dataDir, env);
  await waitUntilReady(p);
  return p;
}

async function stop(p: Proc) {
  if (p.child.exitCode === null) p.child.kill('SIGTERM');
  return p.exited;
}

const signIn = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });

/** The number of accounts, read straight from the embedded database while no server holds it. */
async function countUsers(dataDir: string): Promise<number> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(dataDir, 'db'));
  try {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from "user"');
    return rows[0]!.n;
  } finally {
    await db.close();
  }
}

describe('server process', () => {
  it('refuses to start with a bad setting, naming it', async () => {
    const p = await spawnServer(await newDataDir(), { PORT: 'abc' });
    const code = await p.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(p.output()).toMatch(/Invalid configuration/);
    expect(p.output()).toMatch(/PORT/);
  });

  it('finishes the request in flight on SIGTERM, exits 0, and reopens the same data intact', async () => {
    const dataDir = await newDataDir();
    const first = await startOn(dataDir);
    const email = uniqueEmail('lifecycle');
    const password = 'correct-horse-1';

    // a sign-up whose body arrives in two parts, so the request is still in flight when the signal comes
    const body = Buffer.from(JSON.stringify({ email, password, isAdult: true, acceptTerms: true }));
    const half = Math.floor(body.length / 2);
    let req!: ReturnType<typeof request>;
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req = request(
        `${first.url}/api/auth/sign-up/email`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length, origin: first.url } },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
    });
    req.write(body.subarray(0, half));
    await new Promise((r) => setTimeout(r, 500));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));

    // still running for the request in flight, but no longer taking new ones
    expect(first.child.exitCode).toBeNull();
    const refused = await fetch(`${first.url}/api/v1/health`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);

    req.end(body.subarray(half));
    const res = await response;
    expect(res.status, res.text).toBe(200);
    expect(await first.exited, first.output()).toBe(0);

    const second = await startOn(dataDir);
    try {
      const again = await signIn(second.url, email, password);
      expect(again.status).toBe(403);
      expect(await again.text()).toContain('EMAIL_NOT_VERIFIED');
    } finally {
      expect(await stop(second), second.output()).toBe(0);
    }
  });

  it('seeds the demo community on the first development start only, and always prints the demo sign-in', async () => {
    const dataDir = await newDataDir();
    const devEnv = { NODE_ENV: 'development', SEED: 'auto', LOG_LEVEL: 'warn' };

    const first = await startOn(dataDir, devEnv);
    await expect.poll(() => first.output()).toContain('Demo sign-in: demo@velvet.local / velvet-demo');
    expect(first.output()).toContain(`is running at ${first.url}`);
    const demo = await signIn(first.url, 'demo@velvet.local', 'velvet-demo');
    expect(demo.status, await demo.clone().text()).toBe(200);
    expect(((await demo.json()) as { user: { email: string } }).user.email).toBe('demo@velvet.local');
    expect(await stop(first), first.output()).toBe(0);
    const seeded = await countUsers(dataDir);
    expect(seeded).toBeGreaterThan(1);

    const second = await startOn(dataDir, devEnv);
    await expect.poll(() => second.output()).toContain('Demo sign-in: demo@velvet.local / velvet-demo');
    expect((await signIn(second.url, 'demo@velvet.local', 'velvet-demo')).status).toBe(200);
    expect(await stop(second), second.output()).toBe(0);
    expect(await countUsers(dataDir)).toBe(seeded);
    // two starts, one of them seeding the whole demo community with its pictures: 44 s on a quiet CI
    // machine, so the suite's 60 s left no room for a slower one
  }, 180_000);
});
