import type { Context, MiddlewareHandler } from 'hono';

/**
 * How much of a refused body the server reads (and throws away) before it answers: above every
 * body limit (the 50 MB content upload's included), so a file a little too large still gets its
 * 413; past it the connection may be closed.
 */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads what is left of a refused request's body and throws it away, up to DISCARD_MAX_BYTES in
 * all (`read`: the bytes read already, through `reader`). A client that sends its whole body
 * before it reads the answer (curl, a script) then gets the answer, where a server that answered
 * and stopped reading left it writing into a closed connection (EPIPE, ECONNRESET). A body that
 * announces more than the bound is not read at all. Resolves when the body has ended, or the
 * bound is passed, or the client went away.
 */
export async function discardBody(request: Request, reader = request.body?.getReader(), read = 0): Promise<void> {
  if (!reader || Number(request.headers.get('content-length')) > DISCARD_MAX_BYTES) return;
  try {
    for (;;) {
      if (read > DISCARD_MAX_BYTES) return await reader.cancel();
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } catch {
    // the client went away: nobody is left to answer
  }
}

/**
 * Refuses a request body over `maxSize` bytes, with `onError`'s answer once the body has been read
 * and thrown away (discardBody). A body that says its length (every browser's request does) is
 * judged by its Content-Length before a byte is read; a chunked one is counted as it is read, and
 * handed on whole when within the limit.
 *
 * Why not Hono's: it asks for `c.req.raw.body` first, and on @hono/node-server that builds a
 * whole fetch Request (headers, AbortController, a web stream over the socket) for every request,
 * GETs included, and takes the body off node-server's direct read. On the message send that was
 * about an eighth of what the server allocated per request (bench/README.md). And it answers
 * without reading the rest of a body it refuses.
 */
export function bodyLimit(opts: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) <= opts.maxSize) return next();
      await discardBody(c.req.raw);
      return opts.onError(c);
    }
    const reader = c.req.raw.body?.getReader();
    if (!reader) return next();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > opts.maxSize) {
        await discardBody(c.req.raw, reader, size);
        return opts.onError(c);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
