import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { messages } from '@velvet/core/messages';
import { AppError } from '../middleware/errors';

/** A time as PostgreSQL writes a timestamptz as text: a key sent back in that shape compares exactly. */
export const PG_TIME_SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
/** The same, or '-infinity': the sort key of a member who hides when they were last active. */
export const PG_TIME_OR_NEVER_SHAPE = new RegExp(`^(-infinity|${PG_TIME_SHAPE.source.slice(1, -1)})$`);

/** The 400 a page link that is not one of ours gets, in plain words: the one answer of every list. */
export const badCursor = () => new AppError(400, 'VALIDATION_FAILED', messages.errors.badCursor, { cursor: messages.errors.badCursor });

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Page links (keyset cursors) for every list: the keys of the last row shown, sealed. A cursor's
 * keys can be finer than the page shows (the distance between two members' cells, where a card
 * shows a band in miles; a hidden member's last-active time), so the client gets them encrypted and
 * authenticated (AES-256-GCM) under a key derived from the server's secret, which every instance
 * shares: it can neither read them nor forge them. A cursor is bound to its `scope` (the list, the
 * member who asked, and what they asked for): handed to another list, another member or other
 * filters, it is refused like any other bad link.
 */
export interface CursorCodec {
  seal(keys: unknown, scope: string): string;
  /** The keys a page link carries, exactly as `schema` says; anything else is `refused` (a 400 in plain words). */
  open<T>(text: string, schema: z.ZodType<T>, scope: string, refused?: () => Error): T;
  /**
   * A page from `rows` read one longer than `limit` (the extra row says a next page exists): the
   * rows shown, and the link to the page after the last of them, sealed from `keysOf(last)`.
   */
  page<R>(rows: R[], limit: number, scope: string, keysOf: (last: R) => unknown): { rows: R[]; nextCursor: string | null };
}

export function cursorCodec(secret: string): CursorCodec {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'velvet page cursor v1', 32));
  const codec: CursorCodec = {
    page(rows, limit, scope, keysOf) {
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return { rows: shown, nextCursor: rows.length > limit && last !== undefined ? codec.seal(keysOf(last), scope) : null };
    },
    seal(keys, scope) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(scope, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(keys), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(text, schema, scope, refused = badCursor) {
      const sealed = Buffer.from(text, 'base64url');
      if (sealed.length <= IV_BYTES + TAG_BYTES || sealed.toString('base64url') !== text) throw refused();
      let parsed: unknown;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES)).setAAD(Buffer.from(scope, 'utf8'));
        decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
        const body = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw refused();
      }
      // sealed by us, but still only in the shapes the list reads: keys reach SQL as nothing else
      const result = schema.safeParse(parsed);
      if (!result.success) throw refused();
      return result.data;
    },
  };
  return codec;
}
