import type { Readable } from 'node:stream';
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
import { assertSafeFolder, assertSafeKey, ObjectExistsError, UPLOAD_CACHE_CONTROL, type Storage } from './storage';

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

  return {
    kind: 's3',
    client,
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, body, { contentType, cacheControl }) {
      assertSafeKey(key);
      // some S3-compatible servers (s3rver, older gateways) ignore If-None-Match: look first
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        throw new ObjectExistsError(key);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      const write = (ifNoneMatch: boolean) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentLength: body.length,
            ContentType: contentType,
            CacheControl: cacheControl ?? UPLOAD_CACHE_CONTROL,
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
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return undefined;
        return {
          body: out.Body as Readable,
          contentType: out.ContentType ?? 'application/octet-stream',
          size: out.ContentLength ?? 0,
          cacheControl: out.CacheControl ?? UPLOAD_CACHE_CONTROL,
        };
      } catch (err) {
        if (isMissing(err)) return undefined;
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
