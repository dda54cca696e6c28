import type { Readable } from 'node:stream';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertSafeFolder,
  assertSafeKey,
  objectEtag,
  ObjectExistsError,
  RangeNotSatisfiableError,
  resolveRange,
  type ByteRange,
  type Storage,
} from './storage';

export interface S3StorageOptions {
  /** e.g. https://s3.eu-west-2.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const statusOf = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || statusOf(err) === 404);
/** What a PutObject with If-None-Match: * answers when the key is taken (412), or raced by another write (409). */
const isTaken = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'PreconditionFailed' || err.name === 'ConditionalRequestConflict' || statusOf(err) === 412);
/** A target that does not support conditional writes at all. */
const isUnsupported = (err: unknown) => err instanceof S3ServiceException && (err.name === 'NotImplemented' || statusOf(err) === 501);

/** A range as an HTTP Range header value. */
const rangeHeader = (range: ByteRange) => ('suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`);
/** `bytes 0-99/1000` → the bytes and the whole size. */
function parseContentRange(value: string | undefined): { start: number; end: number; size: number } | undefined {
  const match = value && /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value);
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : undefined;
}

/** Objects in an S3-compatible bucket (AWS S3, MinIO, R2, …); the bucket must exist. */
export function createS3Storage(opts: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    // bucket in the path, not the host name: what most S3-compatible servers expect
    forcePathStyle: true,
    // the SDK's default (aws-chunked bodies with trailing checksums) can be stored verbatim by
    // S3-compatible servers: the object silently keeps the chunk framing (STACK-NOTES "S3")
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // an unreachable endpoint must fail the health check, not hang it
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = opts.bucket;
  // cleared when the target answers 501 to If-None-Match; the HeadObject check still guards it
  let conditionalPut = true;

  async function putObject(key: string, body: () => Buffer | Readable | Promise<Readable>, length: number, contentType: string) {
    assertSafeKey(key);
    // some S3-compatible servers (s3rver, older gateways) ignore If-None-Match: look first
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      throw new ObjectExistsError(key);
    } catch (err) {
      if (!isMissing(err)) throw err;
    }
    const write = async (ifNoneMatch: boolean) =>
      client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: await body(),
          ContentLength: length,
          ContentType: contentType,
          IfNoneMatch: ifNoneMatch ? '*' : undefined,
        }),
      );
    try {
      await write(conditionalPut);
    } catch (err) {
      if (isTaken(err)) throw new ObjectExistsError(key);
      if (!conditionalPut || !isUnsupported(err)) throw err;
      conditionalPut = false;
      await write(false);
    }
  }

  return {
    kind: 's3',
    client,
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, body, opts) {
      await putObject(key, () => body, body.length, opts.contentType);
    },
    async putFile(key, file, opts) {
      const { size } = await stat(file);
      // a fresh stream for each attempt: a retried write must not read a spent one
      await putObject(key, () => createReadStream(file), size, opts.contentType);
    },
    async copy(from, to) {
      assertSafeKey(from);
      let head;
      try {
        head = await client.send(new HeadObjectCommand({ Bucket, Key: from }));
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
      // the source's bytes flow from its GET into the PUT as they arrive; each attempt opens them afresh
      const opened: Readable[] = [];
      const open = async () => {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: from }));
        if (!out.Body) throw new Error(`no body for ${from}`);
        opened.push(out.Body as Readable);
        return out.Body as Readable;
      };
      try {
        await putObject(to, open, head.ContentLength ?? 0, head.ContentType ?? 'application/octet-stream');
      } catch (err) {
        if (isMissing(err)) return false; // deleted since the look
        throw err;
      } finally {
        // a failed PUT may leave a source body half read: release its connection
        for (const stream of opened) stream.destroy();
      }
      return true;
    },
    async get(key, range) {
      assertSafeKey(key);
      if (range && 'suffix' in range) {
        // not every S3-compatible server reads `bytes=-n` right (s3rver gives the first n): ask for the
        // size, then for the bytes by their place
        let size: number;
        try {
          size = (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
        } catch (err) {
          if (isMissing(err)) return undefined;
          throw err;
        }
        const bytes = resolveRange(range, size);
        if (!bytes) throw new RangeNotSatisfiableError(size);
        range = bytes;
      }
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? rangeHeader(range) : undefined }));
        if (!out.Body) return undefined;
        const part = range ? parseContentRange(out.ContentRange) : undefined;
        const size = part ? part.size : (out.ContentLength ?? 0);
        const object = {
          body: out.Body as Readable,
          contentType: out.ContentType ?? 'application/octet-stream',
          size,
          // the bucket's own ETag (the whole object's, for a range too); a store that sends none gets one made
          etag: out.ETag ?? objectEtag(key, size, out.LastModified?.getTime() ?? 0),
        };
        return part ? { ...object, range: { start: part.start, end: part.end } } : object;
      } catch (err) {
        if (isMissing(err)) return undefined;
        if (range && (statusOf(err) === 416 || (err instanceof S3ServiceException && err.name === 'InvalidRange'))) {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
          throw new RangeNotSatisfiableError(head.ContentLength ?? 0);
        }
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 for a missing key too: deleting twice is fine
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deleteFolder(folder) {
      assertSafeFolder(folder);
      // a page of keys at a time, one DELETE each: a member has a handful of files, and
      // DeleteObjects needs a checksum that not every S3-compatible server accepts
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken: token }));
        for (const item of page.Contents ?? []) if (item.Key) await client.send(new DeleteObjectCommand({ Bucket, Key: item.Key }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
