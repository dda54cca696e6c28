import { messages } from '@velvet/core/messages';
import { ApiError, errorFrom } from './api-client';
import type { paths } from './api-schema.gen';
import { API_BASE } from './api-base';

/** The API routes that take a POST answering 201 with JSON, and that JSON. */
type Created<P extends keyof paths> = paths[P] extends {
  post: { responses: { 201: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;
type UploadPath = { [P in keyof paths]: Created<P> extends never ? never : P }[keyof paths];

export interface UploadOptions {
  /** The fraction of the body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The words to show when the server's answer has none of its own (a proxy's error page). */
  failed: string;
}

/**
 * POSTs a form to /api/v1 with its true upload progress (fetch cannot report upload progress;
 * XMLHttpRequest can). Once the whole body is sent the server may still be working on it (a video
 * is remuxed). Fails like `call()` does: an ApiError with the server's words, status 0 when the
 * network failed; an abort rejects with the signal's reason, as fetch does.
 */
export function uploadWithProgress<P extends UploadPath>(
  path: P,
  form: FormData,
  { onProgress, signal, failed }: UploadOptions,
): Promise<Created<P>> {
  // the reason abort() was given (an AbortError when none was)
  const aborted = () => (signal?.reason instanceof Error ? signal.reason : new DOMException('The upload was aborted.', 'AbortError'));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onabort = () => {
      settle();
      reject(aborted());
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'NETWORK', messages.signIn.network));
    };
    xhr.onload = () => {
      settle();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Created<P>);
      else reject(errorFrom(xhr.status, body, failed));
    };
    xhr.send(form);
  });
}
