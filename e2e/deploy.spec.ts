import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLink, freePort, mailTo, spawnServer, waitUntilReady, type RunningServer, type ServerProcess } from './support/server';
import { freshPostgresDatabase } from './support/database';
import { messages } from '@velvet/core/messages';
import { uniqueEmail } from './support/members';

/**
 * The deployment of docs/deploy.md ("Behind nginx, several instances"): two server processes on one
 * PostgreSQL database and one S3 bucket (s3rver), behind Debian's nginx running deploy/nginx.conf
 * itself (its upstream addresses and listen port swapped for free ones). Whichever instance answers,
 * sessions, realtime, uploads, downloads and rate limits hold.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const BUCKET = 'velvet-deploy';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => undefined);
});

/** Replaces a line of deploy/nginx.conf, failing when it is not there: the file and this test must not drift apart. */
function swap(conf: string, from: string, to: string) {
  if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
  return conf.replace(from, to);
}

/** A child process ended in afterAll: SIGTERM, and SIGKILL if it has not gone within 10 s. */
function stopLater(child: ChildProcess, exited: Promise<unknown>) {
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
}

async function startInstance(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-deploy-instance-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const p = await spawnServer(dataDir, env);
  stopLater(p.child, p.exited);
  await waitUntilReady(p);
  return p;
}

/** nginx in the foreground with its own prefix (pid, logs, temp files) in a temp folder, on deploy/nginx.conf. */
async function startNginx(port: number, upstreams: [number, number]) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-deploy-nginx-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  // run as root, nginx's workers are `nobody`: they must reach the temp folders nginx makes here
  await chmod(dir, 0o755);
  let site = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
  site = swap(site, 'server 127.0.0.1:3001;', `server 127.0.0.1:${upstreams[0]};`);
  site = swap(site, 'server 127.0.0.1:3002;', `server 127.0.0.1:${upstreams[1]};`);
  site = swap(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  await writeFile(path.join(dir, 'site.conf'), site);
  // what Debian's /etc/nginx/nginx.conf gives a site file, with every path in this folder
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid nginx.pid;
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path body;
  proxy_temp_path proxy;
  fastcgi_temp_path fastcgi;
  uwsgi_temp_path uwsgi;
  scgi_temp_path scgi;
  include site.conf;
}
`,
  );
  let out = '';
  const child = spawn(NGINX, ['-p', `${dir}/`, '-e', 'stderr', '-c', 'nginx.conf', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // nginx stops gracefully on SIGQUIT; SIGTERM is its fast shutdown, which is all a test needs
  stopLater(child, exited);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady({ child, url, port, output: () => out, exited: exited as Promise<number | null> });
  return { url, output: () => out };
}

async function createDatabase() {
  const { url, drop } = await freshPostgresDatabase('velvet_deploy');
  cleanups.push(drop);
  return url;
}

async function startS3() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'velvet-deploy-s3-'));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  cleanups.push(() => s3.close());
  return {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
}

let publicUrl = '';
let a: ServerProcess;
let b: ServerProcess;
let nginx: { url: string; output: () => string };

/** A member's cookie jar, used against any of the three addresses; writes carry the site's Origin as its pages' do. */
function member() {
  let cookie = '';
  const call = async (base: string, method: string, url: string, body?: BodyInit, type?: string, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = { origin: publicUrl, cookie, ...extra };
    if (type) headers['content-type'] = type;
    const res = await fetch(`${base}${url}`, { method, headers, body });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length) cookie = set.join('; ');
    return res;
  };
  return {
    call,
    json: (base: string, method: string, url: string, data: unknown) => call(base, method, url, JSON.stringify(data), 'application/json'),
    cookie: () => cookie,
  };
}
type Member = ReturnType<typeof member>;

/** Signs up, confirms (the mailed link, opened on A) and signs in, all on instance A; then the profile wizard. */
async function finishedMemberOnA(name: string) {
  const email = uniqueEmail(name);
  const password = 'correct-horse-1';
  const m = member();
  const signUp = await m.json(a.url, 'POST', '/api/auth/sign-up/email', { email, password, isAdult: true, acceptTerms: true });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  // the link points at PUBLIC_URL (nginx): open it on A itself
  const link = new URL(firstLink((await mailTo({ url: a.url } as RunningServer, email)).text));
  const confirmed = await fetch(`${a.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(confirmed.status).toBe(302);
  expect((await m.json(a.url, 'POST', '/api/auth/sign-in/email', { email, password })).status).toBe(200);
  const steps: [string, string, object][] = [
    ['POST', '/api/v1/profiles', { username: `${name}_${Date.now().toString(36)}`, displayName: name }],
    ['PUT', '/api/v1/profiles/me/setup', { step: 2, age: 30, locationCity: 'Leeds' }],
    ['PUT', '/api/v1/profiles/me/setup', { step: 3, gender: 'single-female', relationshipStatus: 'single', lookingFor: ['couples'] }],
    ['PUT', '/api/v1/profiles/me/setup', { step: 4, bio: 'Deployment test member.' }],
  ];
  for (const [method, url, data] of steps) expect((await m.json(a.url, method, url, data)).status, url).toBeLessThan(300);
  const id = ((await (await m.call(a.url, 'GET', '/api/v1/me')).json()) as { user: { id: string } }).user.id;
  return { m, id, name };
}

/** A PNG of `width`² pixels; `noise` makes it incompressible (about 3 bytes a pixel). */
async function png(width: number, noise = false): Promise<Blob> {
  const { default: sharp } = await import('sharp');
  const bytes = noise
    ? await sharp(Buffer.from(Array.from({ length: width * width * 3 }, () => Math.floor(Math.random() * 256))), {
        raw: { width, height: width, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer()
    : await sharp({ create: { width, height: width, channels: 3, background: { r: 200, g: 40, b: 90 } } })
        .png()
        .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

async function uploadPhoto(m: Member, base: string, photo: Blob) {
  const form = new FormData();
  form.set('kind', 'gallery');
  form.set('file', photo, 'photo.png');
  return m.call(base, 'POST', '/api/v1/media', form);
}

interface Frame {
  type: string;
  payload: { message?: { id: string; content: string } };
}

/** A realtime socket with the member's cookie (no Origin: not a browser); resolves once the server said `ready`. */
async function openSocket(base: string, m: Member) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/v1/realtime`, { headers: { cookie: m.cookie() } });
  cleanups.push(async () => ws.terminate());
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (data) => {
    // a text frame arrives as one Buffer (ws's default binaryType)
    const frame = JSON.parse((data as Buffer).toString('utf8')) as Frame;
    frames.push(frame);
    for (const w of waiters.splice(0))
      if (w.match(frame)) w.resolve(frame);
      else waiters.push(w);
  });
  const next = (match: (f: Frame) => boolean) =>
    new Promise<Frame>((resolve, reject) => {
      const seen = frames.find(match);
      if (seen) return resolve(seen);
      waiters.push({ match, resolve });
      ws.once('close', (code) => reject(new Error(`socket closed (${code}) before the frame came`)));
    });
  await next((f) => f.type === 'ready');
  return { ws, next };
}

describe('two instances behind nginx, one PostgreSQL, one S3 bucket', () => {
  let ann: Awaited<ReturnType<typeof finishedMemberOnA>>;
  let ben: Awaited<ReturnType<typeof finishedMemberOnA>>;

  beforeAll(async () => {
    const nginxPort = await freePort();
    publicUrl = `http://127.0.0.1:${nginxPort}`;
    const [databaseUrl, s3] = await Promise.all([createDatabase(), startS3()]);
    const env = {
      ...s3,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'deploy-test-secret-shared-by-both-instances-0123456789',
      PUBLIC_URL: publicUrl,
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      RATE_LIMITS: 'on',
      HOST: '127.0.0.1',
    };
    // A migrates the new database; B starts on it as a second machine would (its migrations a no-op)
    a = await startInstance(env);
    b = await startInstance(env);
    nginx = await startNginx(nginxPort, [a.port, b.port]);
    [ann, ben] = await Promise.all([finishedMemberOnA('deploy_ann'), finishedMemberOnA('deploy_ben')]);
  });

  it('keeps a session made on A on B and through nginx', async () => {
    for (const base of [a.url, b.url, nginx.url]) {
      const res = await ann.m.call(base, 'GET', '/api/v1/me');
      expect(res.status, base).toBe(200);
      expect(((await res.json()) as { user: { id: string } }).user.id).toBe(ann.id);
    }
  });

  it('delivers a message sent through B live to sockets on A and through nginx, and serves it, the photo and the profile from every address', async () => {
    const onA = await openSocket(a.url, ben.m);
    const throughNginx = await openSocket(nginx.url, ben.m);

    const sent = await ann.m.json(b.url, 'POST', `/api/v1/messages/conversations/${ben.id}/messages`, { content: 'Sent through B' });
    expect(sent.status).toBe(201);
    const { message } = (await sent.json()) as { message: { id: string } };
    const isIt = (f: Frame) => f.type === 'message.created' && f.payload.message?.id === message.id;
    const [liveA, liveNginx] = await Promise.all([onA.next(isIt), throughNginx.next(isIt)]);
    expect(liveA.payload.message?.content).toBe('Sent through B');
    expect(liveNginx.payload.message?.content).toBe('Sent through B');

    const uploaded = await uploadPhoto(ann.m, b.url, await png(300));
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { media } = (await uploaded.json()) as { media: { id: string; url: string } };

    let original: ArrayBuffer | undefined;
    for (const base of [a.url, b.url, nginx.url]) {
      const thread = await ben.m.call(base, 'GET', `/api/v1/messages/conversations/${ann.id}/messages`);
      expect(thread.status, base).toBe(200);
      expect(
        ((await thread.json()) as { items: { id: string }[] }).items.map((i) => i.id),
        base,
      ).toContain(message.id);

      const profile = await ben.m.call(base, 'GET', `/api/v1/profiles/${ann.id}`);
      expect(profile.status, base).toBe(200);
      expect(JSON.stringify(await profile.json()), base).toContain('Deployment test member.');

      const gallery = await ben.m.call(base, 'GET', `/api/v1/media/user/${ann.id}`);
      expect(
        ((await gallery.json()) as { media: { id: string }[] }).media.map((p) => p.id),
        base,
      ).toContain(media.id);

      const file = await ben.m.call(base, 'GET', media.url);
      expect(file.status, base).toBe(200);
      expect(file.headers.get('content-type'), base).toMatch(/^image\//);
      const bytes = await file.arrayBuffer();
      expect(bytes.byteLength, base).toBeGreaterThan(100);
      original ??= bytes;
      expect(Buffer.from(bytes).equals(Buffer.from(original)), base).toBe(true);
    }
  });

  it("takes a photo over nginx's default 1 MB body through nginx, and refuses an oversized JSON body at nginx", async () => {
    const big = await png(800, true);
    expect(big.size).toBeGreaterThan(1024 * 1024);
    const res = await uploadPhoto(ben.m, nginx.url, big);
    expect(res.status, await res.clone().text()).toBe(201);

    // every other route takes at most 1 MB: nginx answers before an instance reads the body
    const huge = await ben.m.json(nginx.url, 'PUT', '/api/v1/profiles/me', { bio: 'x'.repeat(1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('server') ?? '').toMatch(/nginx/);
    // in the app's own shape and words, which the web shows as they are
    expect(huge.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await huge.json()).toEqual({ error: { code: 'BODY_TOO_LARGE', message: messages.errors.bodyTooLarge } });
  });

  it('counts a rate limit across instances, keyed on the address nginx saw, whatever the client claims', async () => {
    // /contact: 5 an hour per client address, counted before the body is read (an empty one is a cheap 400)
    const contact = (base: string, forwardedFor: string) =>
      fetch(`${base}/api/v1/contact`, {
        method: 'POST',
        headers: { origin: publicUrl, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: '{}',
      });
    // as if from nginx at one client address: four on A, one on B, then B refuses
    for (let i = 0; i < 4; i++) expect((await contact(a.url, '198.51.100.7')).status).toBe(400);
    expect((await contact(b.url, '198.51.100.7')).status).toBe(400);
    const refused = await contact(b.url, '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A sees the same count
    expect((await contact(a.url, '198.51.100.7')).status).toBe(429);

    // through nginx, an X-Forwarded-For the client wrote is not its address: nginx appends the peer it
    // saw (127.0.0.1 here) and that last entry is the key, so neither the exhausted address nor a new
    // one per request escapes it; nginx spreads the requests over both instances
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact(nginx.url, i === 0 ? '198.51.100.7' : `203.0.113.${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
