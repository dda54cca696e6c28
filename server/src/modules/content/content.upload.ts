import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import Busboy from 'busboy';
import { messages } from '@velvet/core/messages';
import { discardBody } from '../../middleware/body-limit';
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
 * announcing more than that is refused before any of it is parsed. Whatever the refusal, the rest
 * of the body is read and thrown away first (discardBody), so the client gets the answer. The
 * only file part read is `file`.
 */
export async function receiveUpload(request: Request, maxBytes: number): Promise<ReceivedUpload> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) || !request.body) throw malformed();
  const announced = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(announced) && announced >= maxBytes + FRAMING_BYTES) {
    await discardBody(request);
    throw tooLarge();
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const received = await stream(request, type, dir, maxBytes);
    return { ...received, dir, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/** Feeds the body to busboy a chunk at a time; the first refusal stops the parse, and the rest is thrown away. */
async function stream(
  request: Request,
  contentType: string,
  dir: string,
  maxBytes: number,
): Promise<Pick<ReceivedUpload, 'fields' | 'file'>> {
  let busboy: Busboy.Busboy;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12, fileSize: maxBytes - 1 },
    });
  } catch {
    await discardBody(request);
    throw malformed();
  }
  const fields: Record<string, string> = {};
  let file: { path: string; bytes: number } | undefined;
  let writing: Promise<void> | undefined;
  let failure: AppError | undefined;
  // the first refusal also wakes the feed below if it is waiting for busboy to drain
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const fail = (err: AppError) => {
    failure ??= err;
    stop();
  };

  busboy.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) fail(malformed());
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
    part.on('limit', () => fail(tooLarge()));
    writing = pipeline(part, createWriteStream(target)).then(() => {
      file = { path: target, bytes };
    });
    writing.catch(() => fail(malformed()));
  });
  busboy.on('partsLimit', () => fail(malformed()));
  busboy.on('filesLimit', () => fail(malformed()));
  const finished = new Promise<void>((resolve) => {
    busboy.on('close', resolve);
    busboy.on('error', (err: unknown) => {
      fail(err instanceof AppError ? err : malformed());
      resolve();
    });
  });

  const reader = request.body!.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // the whole body is bounded too: a stream past the file limit plus its framing is refused
      if (total >= maxBytes + FRAMING_BYTES) fail(tooLarge());
      if (failure) break;
      if (!busboy.write(value)) await Promise.race([once(busboy, 'drain'), finished, stopped]);
    }
  } catch {
    fail(malformed()); // the client went away
  }
  if (!failure) busboy.end();
  else {
    await discardBody(request, reader, total);
    busboy.destroy();
  }
  await finished;
  await writing?.catch(() => undefined);
  if (failure) throw failure;
  return { fields, file };
}
