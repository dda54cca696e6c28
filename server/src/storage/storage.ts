import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: local disk under DATA_DIR (default) or an S3-compatible bucket.
 * Keys look like `{userId}/{type}_{timestamp}.{ext}` (spec §7); objects are never overwritten.
 */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** the whole object's size */
  size: number;
  /**
   * A strong validator of the whole object (a range read carries the same): objects are never
   * overwritten under their key, so it changes only if a key is deleted and written afresh.
   */
  etag: string;
  /** the bytes `body` holds when a range was asked for (inclusive) */
  range?: { start: number; end: number };
}

/** An HTTP byte range (RFC 9110 §14.1.2): `start-[end]`, or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** Asked for bytes the object does not have: 416, with the size in Content-Range. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('range not satisfiable');
  }
}

/** The inclusive bytes a range names in an object of `size` bytes, or undefined when it names none. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return undefined;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return undefined;
  const end = Math.min(range.end ?? size - 1, size - 1);
  return end < range.start ? undefined : { start: range.start, end };
}

/**
 * No Cache-Control is stored with an object: whether a member may still see a file can change
 * after it is written (a block, a hold, pay-per-view), so the route that serves it decides the
 * header on each request.
 */
export interface Storage {
  kind: 'local' | 's3';
  ping(): Promise<void>;
  /** Writes a new object; refuses (throws ObjectExistsError) when the key is taken: no overwrite. */
  put(key: string, body: Buffer, opts: { contentType: string }): Promise<void>;
  /** Writes a new object from a file on disk, streamed (never the whole file in memory); no overwrite. */
  putFile(key: string, file: string, opts: { contentType: string }): Promise<void>;
  /**
   * Copies an object to a new key (its content type kept), streamed: never the whole object in
   * memory, whatever its size; no overwrite. False when `from` does not exist.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** Reads an object (or the bytes of `range`: RangeNotSatisfiableError when it has none), or undefined when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every object under a folder (`{folder}/…`: a member's files are under their id). */
  deleteFolder(folder: string): Promise<void>;
}

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`object already exists: ${key}`);
  }
}

/** A strong ETag named by an object's key, size and write time (for a store that keeps none of its own). */
export function objectEtag(key: string, size: number, writtenAt: number): string {
  return `"${createHash('sha256').update(`${key}\n${size}\n${writtenAt}`).digest('base64url').slice(0, 32)}"`;
}

/** A folder is one key segment: a member's id. */
export function assertSafeFolder(folder: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(folder)) throw new Error(`unsafe storage folder: ${folder}`);
}

/** Keys are made by the server only; still, refuse anything that could climb out of the root. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}
