import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: local disk under DATA_DIR (default) or an S3-compatible bucket.
 * Keys look like `{userId}/{type}_{timestamp}.{ext}` (spec §7); objects are never overwritten.
 */
export interface StoredObject {
  body: Readable;
  contentType: string;
  size: number;
  cacheControl: string;
}

export interface Storage {
  kind: 'local' | 's3';
  ping(): Promise<void>;
  /** Writes a new object; refuses (throws ObjectExistsError) when the key is taken: no overwrite. */
  put(key: string, body: Buffer, opts: { contentType: string; cacheControl?: string }): Promise<void>;
  /** Reads an object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every object under a folder (`{folder}/…`: a member's files are under their id). */
  deleteFolder(folder: string): Promise<void>;
}

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`object already exists: ${key}`);
  }
}

/** The cache lifetime of uploaded images (spec §9: 3600 s). */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=3600';

/** A folder is one key segment: a member's id. */
export function assertSafeFolder(folder: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(folder)) throw new Error(`unsafe storage folder: ${folder}`);
}

/** Keys are made by the server only; still, refuse anything that could climb out of the root. */
export function assertSafeKey(key: string) {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}
