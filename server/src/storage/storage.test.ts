import { randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { mkdtemp, open, readFile, realpath, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config/env';
import { createLogger } from '../logger';
import { createMailer } from '../mail/mailer';
import { createApp } from '../app';
import { openTestDatabase } from '../../test/test-app';
import { createStorage } from './create-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { ObjectExistsError, RangeNotSatisfiableError, type Storage } from './storage';

const BUCKET = 'velvet-test';
const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'velvet-storage-'));

/** A real s3rver on a free port with the test bucket made; files in a temp folder. */
async function startS3rver() {
  const directory = await tempDir();
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const options = {
    endpoint: env.S3_ENDPOINT,
    bucket: BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
  let running = true;
  return {
    env,
    options,
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async close() {
      await this.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface Driver {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

const drivers: Driver[] = [
  {
    name: 'local',
    async open() {
      const dir = await tempDir();
      return { storage: createLocalStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const s3 = await startS3rver();
      const storage = createS3Storage(s3.options);
      return {
        storage,
        async close() {
          storage.client.destroy();
          await s3.close();
        },
      };
    },
  },
];

let keyCount = 0;
const newKey = (ext = 'jpg') => `user-${process.pid}/photo_${Date.now()}_${++keyCount}.${ext}`;

describe.each(drivers)('storage contract: $name driver', (driver) => {
  let opened: Awaited<ReturnType<Driver['open']>>;
  let storage: Storage;
  beforeAll(async () => {
    opened = await driver.open();
    storage = opened.storage;
  });
  afterAll(() => opened?.close());

  it('answers ping', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    expect(storage.kind).toBe(driver.name);
  });

  it('gives back the same bytes and content type', async () => {
    const key = newKey('webp');
    const bytes = randomBytes(2048);
    await storage.put(key, bytes, { contentType: 'image/webp' });
    const got = await storage.get(key);
    expect(got).toBeDefined();
    expect(got!.contentType).toBe('image/webp');
    expect(got!.size).toBe(bytes.length);
    expect((await buffer(got!.body)).equals(bytes)).toBe(true);
  });

  it('names each object by a strong ETag: the same on every read and for a range of it, another for another object', async () => {
    const key = newKey('webp');
    await storage.put(key, randomBytes(2048), { contentType: 'image/webp' });
    const whole = await storage.get(key);
    await buffer(whole!.body);
    expect(whole!.etag).toMatch(/^"[^"\s]+"$/);
    const again = await storage.get(key);
    await buffer(again!.body);
    const part = await storage.get(key, { start: 10, end: 19 });
    await buffer(part!.body);
    const tail = await storage.get(key, { suffix: 5 });
    await buffer(tail!.body);
    expect([again!.etag, part!.etag, tail!.etag]).toEqual([whole!.etag, whole!.etag, whole!.etag]);
    const other = newKey('webp');
    await storage.put(other, randomBytes(2048), { contentType: 'image/webp' });
    const otherObject = await storage.get(other);
    await buffer(otherObject!.body);
    expect(otherObject!.etag).not.toBe(whole!.etag);
  });

  it('keeps a 3 MB object byte for byte (no chunk framing stored in it)', async () => {
    const key = newKey();
    const bytes = randomBytes(3 * 1024 * 1024);
    await storage.put(key, bytes, { contentType: 'image/jpeg' });
    const got = await storage.get(key);
    expect(got!.size).toBe(bytes.length);
    const back = await buffer(got!.body);
    expect(back.length).toBe(bytes.length);
    expect(back.equals(bytes)).toBe(true);
  });

  it("deletes a whole folder (a member's files), and only that folder", async () => {
    const folder = `member-${process.pid}-${++keyCount}`;
    const neighbour = `${folder}x`;
    const mine = [`${folder}/avatar_1.webp`, `${folder}/avatar_1_thumb.webp`, `${folder}/gallery_2.webp`];
    for (const key of [...mine, `${neighbour}/avatar_1.webp`]) await storage.put(key, randomBytes(64), { contentType: 'image/webp' });
    await storage.deleteFolder(folder);
    for (const key of mine) expect(await storage.get(key), key).toBeUndefined();
    expect(await storage.get(`${neighbour}/avatar_1.webp`)).toBeDefined();
    // an empty or missing folder is no error; a path that climbs out is refused
    await expect(storage.deleteFolder(folder)).resolves.toBeUndefined();
    await expect(storage.deleteFolder('../etc')).rejects.toThrow(/unsafe/);
    await expect(storage.deleteFolder('')).rejects.toThrow(/unsafe/);
  });

  it('refuses to overwrite: the first bytes stay', async () => {
    const key = newKey();
    const first = randomBytes(512);
    await storage.put(key, first, { contentType: 'image/jpeg' });
    await expect(storage.put(key, randomBytes(512), { contentType: 'image/png' })).rejects.toBeInstanceOf(ObjectExistsError);
    const got = await storage.get(key);
    expect(got!.contentType).toBe('image/jpeg');
    expect((await buffer(got!.body)).equals(first)).toBe(true);
  });

  it('streams a file in (putFile), never overwriting', async () => {
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'video.mp4');
      const bytes = randomBytes(6 * 1024 * 1024 + 17);
      await writeFile(file, bytes);
      const key = newKey('mp4');
      await storage.putFile(key, file, { contentType: 'video/mp4' });
      const got = await storage.get(key);
      expect(got!.contentType).toBe('video/mp4');
      expect(got!.size).toBe(bytes.length);
      expect((await buffer(got!.body)).equals(bytes)).toBe(true);
      await expect(storage.putFile(key, file, { contentType: 'video/mp4' })).rejects.toBeInstanceOf(ObjectExistsError);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('copies an object streamed, byte for byte, with its content type; never overwriting; a missing source is false', async () => {
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'video.mp4');
      const bytes = randomBytes(12 * 1024 * 1024 + 5);
      await writeFile(file, bytes);
      const from = newKey('mp4');
      await storage.putFile(from, file, { contentType: 'video/mp4' });
      const to = `reports/copy_${process.pid}_${++keyCount}.mp4`;
      expect(await storage.copy(from, to)).toBe(true);
      const got = await storage.get(to);
      expect(got!.contentType).toBe('video/mp4');
      expect(got!.size).toBe(bytes.length);
      expect((await buffer(got!.body)).equals(bytes)).toBe(true);
      await expect(storage.copy(from, to)).rejects.toBeInstanceOf(ObjectExistsError);
      expect(await storage.copy(newKey('mp4'), `reports/none_${++keyCount}.mp4`)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads byte ranges: start-end, start-, the last n bytes; refuses one past the end', async () => {
    const key = newKey('mp4');
    const bytes = randomBytes(10_000);
    await storage.put(key, bytes, { contentType: 'video/mp4' });
    const part = await storage.get(key, { start: 100, end: 199 });
    expect(part!.size).toBe(bytes.length);
    expect(part!.range).toEqual({ start: 100, end: 199 });
    expect((await buffer(part!.body)).equals(bytes.subarray(100, 200))).toBe(true);
    const rest = await storage.get(key, { start: 9_990 });
    expect(rest!.range).toEqual({ start: 9_990, end: 9_999 });
    expect((await buffer(rest!.body)).equals(bytes.subarray(9_990))).toBe(true);
    const tail = await storage.get(key, { suffix: 5 });
    expect(tail!.range).toEqual({ start: 9_995, end: 9_999 });
    expect((await buffer(tail!.body)).equals(bytes.subarray(9_995))).toBe(true);
    // an end past the object is cut to it
    const over = await storage.get(key, { start: 9_000, end: 20_000 });
    expect(over!.range).toEqual({ start: 9_000, end: 9_999 });
    await buffer(over!.body);
    await expect(storage.get(key, { start: 10_000 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
  });

  it('answers undefined for a missing key', async () => {
    expect(await storage.get(newKey())).toBeUndefined();
  });

  it('deletes; deleting again is fine', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('bye'), { contentType: 'image/jpeg' });
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    // the key is free again after a delete
    await storage.put(key, Buffer.from('again'), { contentType: 'image/jpeg' });
    expect((await buffer((await storage.get(key))!.body)).toString()).toBe('again');
  });

  it.each(['../x', '/abs', 'a/../../b', 'a/..', 'a\\b/c', 'noslash'])('refuses the unsafe key %j', async (key) => {
    const body = Buffer.from('x');
    await expect(storage.put(key, body, { contentType: 'image/jpeg' })).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get(key)).rejects.toThrow(/unsafe storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/unsafe storage key/);
  });
});

describe('local disk: a write is on the disk before it resolves', () => {
  it('put, putFile and copy sync the file, its sidecar and their folder (a new folder: the one above too) before they resolve', async () => {
    const root = await realpath(await tempDir());
    const storage = createLocalStorage(root);
    // what is synced (fsync, through FileHandle.sync), named by the path each handle has open
    const probe = await open(root, 'r');
    const handles = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    // the real sync, called below with each handle as `this`
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const sync = handles.sync;
    const synced: string[] = [];
    const spy = vi.spyOn(handles, 'sync').mockImplementation(function (this: FileHandle) {
      synced.push(path.relative(root, readlinkSync(`/proc/self/fd/${this.fd}`)) || '.');
      return sync.call(this);
    });
    const syncedSince = () => synced.splice(0).sort();
    try {
      const bytes = randomBytes(256 * 1024);
      await storage.put('member-1/photo_1.webp', bytes, { contentType: 'image/webp' });
      // resolved: the whole file is there, and it, its sidecar, its new folder and the root are synced
      expect((await readFile(path.join(root, 'member-1/photo_1.webp'))).equals(bytes)).toBe(true);
      expect(syncedSince()).toEqual(['.', 'member-1', 'member-1/photo_1.webp', 'member-1/photo_1.webp.meta.json']);

      // into a folder that was there: that folder only
      await storage.put('member-1/photo_2.webp', bytes, { contentType: 'image/webp' });
      expect(syncedSince()).toEqual(['member-1', 'member-1/photo_2.webp', 'member-1/photo_2.webp.meta.json']);

      const dir = await tempDir();
      try {
        const source = path.join(dir, 'video.mp4');
        await writeFile(source, bytes);
        await storage.putFile('member-2/video_1.mp4', source, { contentType: 'video/mp4' });
        expect(syncedSince()).toEqual(['.', 'member-2', 'member-2/video_1.mp4', 'member-2/video_1.mp4.meta.json']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }

      expect(await storage.copy('member-2/video_1.mp4', 'reports/kept_1.mp4')).toBe(true);
      expect(syncedSince()).toEqual(['.', 'reports', 'reports/kept_1.mp4', 'reports/kept_1.mp4.meta.json']);
      expect((await readFile(path.join(root, 'reports/kept_1.mp4'))).equals(bytes)).toBe(true);
    } finally {
      spy.mockRestore();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('S3 conditional put (If-None-Match: *)', () => {
  /** A stand-in S3 that has no objects (HEAD 404) and answers PUT with the given status. */
  async function fakeS3(putStatus: number, putCode: string) {
    const puts: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.method === 'HEAD') return void res.writeHead(404).end();
        if (req.method !== 'PUT') return void res.writeHead(400).end();
        puts.push(req.headers);
        const status = puts.length === 1 ? putStatus : 200;
        if (status === 200) return void res.writeHead(200, { etag: '"e"' }).end();
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0"?><Error><Code>${putCode}</Code><Message>no</Message></Error>`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const storage = createS3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: BUCKET,
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
    });
    return {
      storage,
      puts,
      close: async () => {
        storage.client.destroy();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  it('sends If-None-Match: * and maps 412 PreconditionFailed to ObjectExistsError', async () => {
    const s3 = await fakeS3(412, 'PreconditionFailed');
    try {
      await expect(s3.storage.put('u/a.jpg', Buffer.from('x'), { contentType: 'image/jpeg' })).rejects.toBeInstanceOf(ObjectExistsError);
      expect(s3.puts).toHaveLength(1);
      expect(s3.puts[0]!['if-none-match']).toBe('*');
    } finally {
      await s3.close();
    }
  });

  it('falls back to a plain put when the target answers 501 to If-None-Match', async () => {
    const s3 = await fakeS3(501, 'NotImplemented');
    try {
      await s3.storage.put('u/a.jpg', Buffer.from('x'), { contentType: 'image/jpeg' });
      await s3.storage.put('u/b.jpg', Buffer.from('y'), { contentType: 'image/jpeg' });
      expect(s3.puts.map((h) => h['if-none-match'])).toEqual(['*', undefined, undefined]);
    } finally {
      await s3.close();
    }
  });
});

describe('createStorage and config', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32) };
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await tempDir();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('uses local disk without S3_*', async () => {
    const config = loadConfig({ ...base, DATA_DIR: dataDir });
    expect(config.s3).toBeUndefined();
    expect((await createStorage(config)).kind).toBe('local');
  });

  it('uses S3 with S3_*; the region defaults to us-east-1', async () => {
    const config = loadConfig({
      ...base,
      DATA_DIR: dataDir,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect((await createStorage(config)).kind).toBe('s3');
  });

  it('names the missing S3 variables when only some are set', () => {
    const load = () =>
      loadConfig({ ...base, DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: '' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/S3_BUCKET, S3_SECRET_ACCESS_KEY/);
    expect(load).not.toThrow(/needs S3_ENDPOINT/);
  });
});

describe('health with S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let dataDir: string;
  let app: ReturnType<typeof createApp>['app'];
  let storage: Storage;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    s3 = await startS3rver();
    dataDir = await tempDir();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', ...s3.env });
    const { database, drop } = await openTestDatabase();
    dropDatabase = drop;
    storage = await createStorage(config);
    const mailer = createMailer({ from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') });
    ({ app } = createApp({ config, database, mailer, storage, log: createLogger('silent') }));
  });
  afterAll(async () => {
    await dropDatabase?.();
    await s3?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('reports storage kind s3 ok, then error and 503 once the S3 server is gone', async () => {
    expect(storage.kind).toBe('s3');
    const up = await app.request('/api/v1/health');
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: 'ok', storage: { status: 'ok', kind: 's3' } });

    await s3.stop();
    const down = await app.request('/api/v1/health');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'degraded', database: { status: 'ok' }, storage: { status: 'error', kind: 's3' } });
  });
});
