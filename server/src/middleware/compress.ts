import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const gzip = promisify(gzipCallback);

/** Below this, gzip's header and the work cost more than the bytes saved (a short JSON answer). */
const DEFAULT_THRESHOLD = 1024;

/** The answers made whole by c.json and c.html; images, videos and zips are compressed already. */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]*\+)?json|text\/html)\b/i;

/** gzip unless the client refused it (`gzip;q=0`) or never offered it. */
function takesGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== 'gzip' && name?.trim() !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Gzips a successful JSON or HTML answer (made whole by c.json or c.html) of `threshold` bytes or
 * more for a client that takes gzip, in zlib's thread pool; everything else goes out as it is.
 *
 * Written for node-server's fast path: Hono's own compress() pipes every answer, however short,
 * through a CompressionStream and adds Vary after the answer is made, which rebuilds every JSON
 * answer as a stream (seen in a CPU profile of the discovery bench). Here Vary is set before the
 * handler runs, so it is part of the answer from the start, and a client that does not take gzip
 * costs nothing at all.
 */
export function compressText({ threshold = DEFAULT_THRESHOLD } = {}): MiddlewareHandler {
  return async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    if (c.req.method === 'HEAD' || !takesGzip(c.req.header('accept-encoding'))) return next();
    await next();
    const res = c.res;
    const headers = res.headers;
    if (res.status !== 200 && res.status !== 201) return;
    if (headers.has('content-encoding') || headers.has('content-range') || /\bno-transform\b/i.test(headers.get('cache-control') ?? ''))
      return;
    if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return;
    const text = Buffer.from(await res.arrayBuffer());
    const out = text.byteLength >= threshold ? await gzip(text) : text;
    const next_ = new Headers(headers);
    next_.set('content-length', String(out.byteLength));
    if (out !== text) {
      next_.set('content-encoding', 'gzip');
      const etag = next_.get('etag');
      if (etag && !etag.startsWith('W/')) next_.set('etag', `W/${etag}`);
    }
    // replaced, not merged: Hono's setter would copy the old headers over the new (content-length too)
    c.res = undefined;
    c.res = new Response(out, { status: res.status, headers: next_ });
  };
}
