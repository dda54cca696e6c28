import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import Busboy from 'busboy';
import { messages } from '@velvet/core/messages';
import { AppError } from '../../middleware/errors';

/** What a streamed multipart upload left: its text fields, and the file on disk (if one came). */
export interface ReceivedUpload {
  fields: Record<string, string>;
  file?: { path: string; bytes: number };
  /** the folder holding the file and anything made from it: removed by `cleanup` */
  dir: string;
  cleanup(): Promise<void>;
}

/** Room for the text fields and the multipart framing around the file. */
export const FRAMING_BYTES = 64 * 1024;

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', messages.content.tooLarge);
const malformed = () => new AppError(400, 'INVALID_UPLOAD', messages.content.required);

/**
 * Streams a multipart body to a temporary file (never the whole file in memory), counting bytes as
 * they arrive: a file of `maxBytes` or more stops the upload with 413 and nothing is kept. A body
 * announcing more than that is refused before a byte is read. The only file part read is `file`.
 */
export async function receiveUpload(request: Request, maxBytes: number): Promise<ReceivedUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) || !request.body) throw malformed();
  const announced = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(announced) && announced >= maxBytes + FRAMING_BYTES) throw tooLarge();

  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const received = await stream(request.body as WebReadableStream<Uint8Array>, type, dir, maxBytes);
    return { ...received, dir, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

function stream(body: WebReadableStream<Uint8Array>, contentType: string, dir: string, maxBytes: number) {
  return new Promise<Pick<ReceivedUpload, 'fields' | 'file'>>((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12, fileSize: maxBytes - 1 },
      });
    } catch {
      reject(malformed());
      return;
    }
    const source = Readable.fromWeb(body);
    const fields: Record<string, string> = {};
    let file: { path: string; bytes: number } | undefined;
    let writing: Promise<void> | undefined;
    let failure: AppError | undefined;
    let settled = false;
    // the whole body is bounded too: a stream past the file limit plus its framing is cut off
    let total = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        total += chunk.length;
        if (total >= maxBytes + FRAMING_BYTES) done((failure = tooLarge()));
        else done(null, chunk);
      },
    });

    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      source.destroy();
      reject(err);
    };

    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) failure ??= malformed();
      else fields[name] = value;
    });
    busboy.on('file', (name, part) => {
      if (name !== 'file' || writing) {
        part.resume();
        return;
      }
      const target = path.join(dir, 'upload');
      let bytes = 0;
      part.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      part.on('limit', () => {
        failure = tooLarge();
        fail(failure);
      });
      writing = pipeline(part, createWriteStream(target)).then(() => {
        file = { path: target, bytes };
      });
      writing.catch(() => fail(failure ?? malformed()));
    });
    busboy.on('partsLimit', () => (failure ??= malformed()));
    busboy.on('filesLimit', () => (failure ??= malformed()));
    busboy.on('error', (err: unknown) => fail(failure ?? (err instanceof AppError ? err : malformed())));
    busboy.on('close', () => {
      void (async () => {
        try {
          await writing;
        } catch {
          // reported by fail()
        }
        if (settled) return;
        if (failure) return fail(failure);
        settled = true;
        resolve({ fields, file });
      })();
    });
    pipeline(source, counter, busboy).catch((err: unknown) => fail(err instanceof AppError ? err : (failure ?? malformed())));
  });
}
