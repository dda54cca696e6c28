import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';

/**
 * Refuses a request body over `maxSize` bytes. A body that says its length (every browser's
 * JSON request does) is judged by its Content-Length before anything is read; a chunked one is
 * counted as it is read, by Hono's own body limit.
 *
 * Why not Hono's for all: it asks for `c.req.raw.body` first, and on @hono/node-server that
 * builds a whole fetch Request (headers, AbortController, a web stream over the socket) for every
 * request, GETs included, and takes the body off node-server's direct read. On the message send
 * that was about an eighth of what the server allocated per request (bench/README.md).
 */
export function bodyLimit(opts: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const streaming = streamingBodyLimit(opts);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(length) > opts.maxSize ? opts.onError(c) : next();
    }
    return streaming(c, next);
  };
}
