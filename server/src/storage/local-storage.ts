import { access, copyFile, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { constants, createReadStream } from 'node:fs';
import path from 'node:path';
import {
  assertSafeFolder,
  assertSafeKey,
  objectEtag,
  ObjectExistsError,
  RangeNotSatisfiableError,
  resolveRange,
  type Storage,
} from './storage';

/** Flushes a file, or a folder's list of names, to the disk (fsync). */
async function sync(target: string) {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Makes a written object durable before its write resolves, so a row committed after it never
 * names a file a power cut left empty: the file and its sidecar, then the folder holding their
 * names, and, when the write made that folder (`made`: the first folder mkdir made), each folder
 * above up to the one holding the new folder's name.
 */
async function syncWritten(file: string, made: string | undefined) {
  await Promise.all([sync(file), sync(`${file}.meta.json`)]);
  const top = made ? path.dirname(made) : path.dirname(file);
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    await sync(dir);
    if (dir === top || dir === path.dirname(dir)) return;
  }
}

/** Files under a folder; each object has a small JSON sidecar with its content type. */
export function createLocalStorage(root: string): Storage {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    async put(key, body, opts) {
      const file = fileOf(key);
      const made = await mkdir(path.dirname(file), { recursive: true });
      try {
        // 'wx' fails when the file exists: no overwrite
        await writeFile(file, body, { flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
        throw err;
      }
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType: opts.contentType }));
      await syncWritten(file, made);
    },
    async putFile(key, source, opts) {
      const file = fileOf(key);
      const made = await mkdir(path.dirname(file), { recursive: true });
      try {
        // COPYFILE_EXCL fails when the file exists: no overwrite; the copy streams in the kernel
        await copyFile(source, file, constants.COPYFILE_EXCL);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(key);
        throw err;
      }
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType: opts.contentType }));
      await syncWritten(file, made);
    },
    async copy(from, to) {
      const source = fileOf(from);
      const file = fileOf(to);
      let meta: string;
      try {
        meta = await readFile(`${source}.meta.json`, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
      const { contentType } = JSON.parse(meta) as { contentType: string };
      const made = await mkdir(path.dirname(file), { recursive: true });
      try {
        // the kernel copies the bytes; COPYFILE_EXCL: no overwrite
        await copyFile(source, file, constants.COPYFILE_EXCL);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') throw new ObjectExistsError(to);
        if (code === 'ENOENT') return false;
        throw err;
      }
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }));
      await syncWritten(file, made);
      return true;
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        const [info, meta] = await Promise.all([stat(file), readFile(`${file}.meta.json`, 'utf8')]);
        // (a sidecar written before Cache-Control was decided per request also names one: not read)
        const { contentType } = JSON.parse(meta) as { contentType: string };
        const etag = objectEtag(key, info.size, info.mtimeMs);
        if (range) {
          const bytes = resolveRange(range, info.size);
          if (!bytes) throw new RangeNotSatisfiableError(info.size);
          return { body: createReadStream(file, bytes), contentType, size: info.size, etag, range: bytes };
        }
        return { body: createReadStream(file), contentType, size: info.size, etag };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.meta.json`, { force: true });
    },
    async deleteFolder(folder) {
      assertSafeFolder(folder);
      await rm(path.join(root, folder), { recursive: true, force: true });
    },
  };
}
