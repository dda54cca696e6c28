import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { spawnServer, waitUntilReady, type RunningServer, type ServerProcess } from './support/server';
import { freshPostgresDatabase } from './support/database';
import { confirmedAccount, uniqueEmail } from './support/members';

/**
 * The server killed with SIGKILL while a member sends messages and uploads photos, then started
 * again on the same data, on the embedded database and on PostgreSQL: every acknowledged message and
 * upload is there, no upload is visible without its file, and the data opens cleanly. CI kills twice
 * a database; `node bench/crash.mjs` kills 20 times (CRASH_KILLS).
 */

const KILLS = Number(process.env.CRASH_KILLS ?? 2);
/** acknowledgements to wait for before the kill, so that it lands while writes are in flight */
const MESSAGES_BEFORE_KILL = 8;
const UPLOADS_BEFORE_KILL = 2;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
});

/** A member's HTTP session against whichever server process is up now. */
function member(server: { url: string }) {
  let cookie = '';
  const call = async (method: string, url: string, body?: BodyInit, type?: string) => {
    const headers: Record<string, string> = { origin: server.url, cookie };
    if (type) headers['content-type'] = type;
    const res = await fetch(`${server.url}${url}`, { method, headers, body });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) cookie = set.join('; ');
    return res;
  };
  return {
    call,
    json: (method: string, url: string, data: unknown) => call(method, url, JSON.stringify(data), 'application/json'),
  };
}
type Member = ReturnType<typeof member>;

async function finishedMember(server: { url: string }, name: string) {
  const account = await confirmedAccount(server as RunningServer, uniqueEmail(name));
  const m = member(server);
  expect((await m.json('POST', '/api/auth/sign-in/email', account)).status).toBe(200);
  const steps: [string, string, object][] = [
    ['POST', '/api/v1/profiles', { username: `${name}_${Date.now().toString(36)}`, displayName: name }],
    ['PUT', '/api/v1/profiles/me/setup', { step: 2, age: 30, locationCity: 'Leeds' }],
    ['PUT', '/api/v1/profiles/me/setup', { step: 3, gender: 'single-female', relationshipStatus: 'single', lookingFor: ['couples'] }],
    ['PUT', '/api/v1/profiles/me/setup', { step: 4, bio: 'Crash test member.' }],
  ];
  for (const [method, url, data] of steps) expect((await m.json(method, url, data)).status, url).toBeLessThan(300);
  const id = ((await (await m.call('GET', '/api/v1/me')).json()) as { user: { id: string } }).user.id;
  return { m, id };
}

async function png(seed: number): Promise<Blob> {
  const { default: sharp } = await import('sharp');
  const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

/**
 * Sends messages one after another and uploads photos alongside, until the server dies; resolves
 * with what the server acknowledged. `ready` resolves once enough was acknowledged to kill it.
 */
function writeUntilKilled(sender: Member, to: string, round: number) {
  const acked = { messages: [] as string[], uploads: [] as string[] };
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const check = () => {
    if (acked.messages.length >= MESSAGES_BEFORE_KILL && acked.uploads.length >= UPLOADS_BEFORE_KILL) markReady();
  };
  const messages = (async () => {
    for (let i = 0; ; i++) {
      const res = await sender.json('POST', `/api/v1/messages/conversations/${to}/messages`, { content: `round ${round} message ${i}` });
      if (res.status === 201) acked.messages.push(((await res.json()) as { message: { id: string } }).message.id);
      else await res.arrayBuffer();
      check();
    }
  })().catch(() => undefined);
  const uploads = (async () => {
    for (let i = 0; ; i++) {
      const form = new FormData();
      form.set('kind', 'gallery');
      form.set('file', await png(round * 100 + i), `photo-${i}.png`);
      const res = await sender.call('POST', '/api/v1/media', form);
      if (res.status === 201) acked.uploads.push(((await res.json()) as { media: { id: string } }).media.id);
      else await res.arrayBuffer();
      check();
    }
  })().catch(() => undefined);
  return { ready, done: Promise.all([messages, uploads]).then(() => acked) };
}

async function threadIds(m: Member, otherId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let before: string | null = null;
  do {
    const query: string = before ? `?before=${encodeURIComponent(before)}` : '';
    const res = await m.call('GET', `/api/v1/messages/conversations/${otherId}/messages${query}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { items: { id: string }[]; nextCursor: string | null };
    for (const item of page.items) ids.add(item.id);
    before = page.nextCursor;
  } while (before);
  return ids;
}

async function start(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const p = await spawnServer(dataDir, env);
  cleanups.push(async () => {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });
  await waitUntilReady(p);
  return p;
}

describe.each(['embedded', 'PostgreSQL'] as const)('SIGKILL while members write (%s database)', (kind) => {
  it(`keeps every acknowledged message and upload through ${KILLS} kills, and shows no half-written upload`, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {};
    if (kind === 'embedded') await cp(inject('migratedDataDir'), path.join(dataDir, 'db'), { recursive: true });
    else {
      const database = await freshPostgresDatabase('velvet_crash');
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }

    let server = await start(dataDir, env);
    // both members follow the server to its new port after each restart
    const current = {
      get url() {
        return server.url;
      },
    };
    const [ann, ben] = await Promise.all([finishedMember(current, 'crash_ann'), finishedMember(current, 'crash_ben')]);

    for (let round = 0; round < KILLS; round++) {
      const writing = writeUntilKilled(ann.m, ben.id, round);
      await writing.ready;
      server.child.kill('SIGKILL');
      await server.exited;
      const acked = await writing.done;

      // the same data opens cleanly (migrations and all) and serves
      server = await start(dataDir, env);

      const mine = await threadIds(ann.m, ben.id);
      const theirs = await threadIds(ben.m, ann.id);
      for (const id of acked.messages) {
        expect(mine.has(id), `acknowledged message ${id} (round ${round})`).toBe(true);
        expect(theirs.has(id), `acknowledged message ${id} for the receiver (round ${round})`).toBe(true);
      }

      const gallery = (await (await ann.m.call('GET', `/api/v1/media/user/${ann.id}`)).json()) as { media: { id: string; url: string }[] };
      const shown = new Set(gallery.media.map((p) => p.id));
      for (const id of acked.uploads) expect(shown.has(id), `acknowledged upload ${id} (round ${round})`).toBe(true);
      // every upload a member can see has its file: none half-written
      for (const photo of gallery.media) {
        const file = await ben.m.call('GET', photo.url);
        expect(file.status, photo.url).toBe(200);
        expect(file.headers.get('content-type')).toMatch(/^image\//);
        expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
      // room for the next round's uploads
      for (const photo of gallery.media) expect((await ann.m.call('DELETE', `/api/v1/media/${photo.id}`)).status).toBe(204);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
