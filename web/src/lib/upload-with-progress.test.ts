import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@velvet/core/messages';
import { ApiError } from './api-client';
import { uploadWithProgress } from './upload-with-progress';

/**
 * Just enough of XMLHttpRequest for an upload: Node has none, and jsdom's does not report upload
 * progress. The test plays the network through `progress`, `answer`, `fail`.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  body: unknown;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ lengthComputable, loaded, total });
  }
  answer(status: number, responseText: string) {
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

const failed = 'The upload failed.';
const lastSent = () => FakeXhr.sent.at(-1)!;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadWithProgress', () => {
  it('POSTs the form to the API with the session cookie and reports the fraction sent', async () => {
    const form = new FormData();
    form.append('kind', 'avatar');
    const fractions: number[] = [];
    const done = uploadWithProgress('/media', form, { onProgress: (f) => fractions.push(f), failed });
    const xhr = lastSent();
    expect([xhr.method, xhr.url, xhr.withCredentials, xhr.body]).toEqual(['POST', '/api/v1/media', true, form]);
    xhr.progress(25, 100);
    xhr.progress(0, 0, false); // a browser that cannot tell the total: nothing to report
    xhr.progress(100, 100);
    xhr.answer(201, JSON.stringify({ media: { id: 'm1' } }));
    await done;
    expect(fractions).toEqual([0.25, 1]);
  });

  it("resolves with the server's JSON", async () => {
    const done = uploadWithProgress('/content', new FormData(), { failed });
    const item = { id: 'c1', title: 'Beach' };
    lastSent().answer(201, JSON.stringify({ item }));
    await expect(done).resolves.toEqual({ item });
  });

  it("rejects with the API's error as the api client's ApiError, so the same words reach the toast", async () => {
    const done = uploadWithProgress('/verifications', new FormData(), { failed });
    const body = { error: { code: 'IMAGE_TOO_LARGE', message: 'The photo is too large.', details: { file: 'too large' } } };
    lastSent().answer(413, JSON.stringify(body));
    const err = await done.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE', message: 'The photo is too large.', body });
  });

  it('falls back to its own words when the answer is not the API’s JSON', async () => {
    const done = uploadWithProgress('/content', new FormData(), { failed });
    lastSent().answer(502, '<html>Bad gateway</html>');
    await expect(done).rejects.toMatchObject({ status: 502, code: 'HTTP_502', message: failed });
  });

  it('rejects with a network ApiError (status 0) when the connection fails', async () => {
    const done = uploadWithProgress('/content', new FormData(), { failed });
    lastSent().fail();
    await expect(done).rejects.toMatchObject({ status: 0, code: 'NETWORK', message: messages.signIn.network });
  });

  it('stops the upload when its signal aborts, rejecting with the reason as fetch does', async () => {
    const controller = new AbortController();
    const fractions: number[] = [];
    const done = uploadWithProgress('/content', new FormData(), {
      onProgress: (f) => fractions.push(f),
      signal: controller.signal,
      failed,
    });
    const xhr = lastSent();
    xhr.progress(10, 100);
    controller.abort();
    expect(xhr.aborted).toBe(true);
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(fractions).toEqual([0.1]);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadWithProgress('/content', new FormData(), { signal: controller.signal, failed })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.sent).toEqual([]);
  });

  it('lets go of the signal once the upload is over', async () => {
    const controller = new AbortController();
    const done = uploadWithProgress('/content', new FormData(), { signal: controller.signal, failed });
    const xhr = lastSent();
    xhr.answer(201, '{}');
    await done;
    controller.abort();
    expect(xhr.aborted).toBe(false);
  });
});
