import type { MiddlewareHandler } from 'hono';
import { messages } from '@velvet/core/messages';
import { AppError } from './errors';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether JSON text nests objects and arrays more than `max` deep. Nothing is parsed: the bytes are
 * walked once, counting brackets outside strings (a string's escapes, `\"` and `\\`, are honoured).
 * UTF-8 is safe to walk byte by byte: no byte of a multi-byte character is below 0x80. Text that is
 * not JSON at all is left to the parser to refuse.
 */
export function jsonDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if ((b === CLOSE_OBJECT || b === CLOSE_ARRAY) && depth > 0) depth--;
  }
  return false;
}

/** Any JSON media type: application/json, application/problem+json, text/json… (a superset of what the parsers read as JSON). */
const JSON_TYPE = /json/i;

/**
 * Refuses a JSON body nested deeper than `maxDepth` with a 400, before any handler parses it: a few
 * kilobytes of `[[[[…` overflow the stack of code that walks a parsed body recursively (the auth
 * library did: a 500). Place it after the body limit, so only a body within that limit is read.
 * The body is read through Hono's cache (`c.req.arrayBuffer()`), so handlers read it again for free.
 */
export function jsonDepthLimit(maxDepth: number): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || !JSON_TYPE.test(c.req.header('content-type') ?? '')) return next();
    if (jsonDeeperThan(new Uint8Array(await c.req.arrayBuffer()), maxDepth))
      throw new AppError(400, 'JSON_TOO_DEEP', messages.errors.jsonTooDeep);
    return next();
  };
}
