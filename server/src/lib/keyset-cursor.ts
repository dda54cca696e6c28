import type { z } from 'zod';
import { messages } from '@velvet/core/messages';
import { AppError } from '../middleware/errors';

/** A time as PostgreSQL writes a timestamptz as text: a key sent back in that shape compares exactly. */
export const PG_TIME_SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
/** The same, or '-infinity': the sort key of a member who hides when they were last active. */
export const PG_TIME_OR_NEVER_SHAPE = new RegExp(`^(-infinity|${PG_TIME_SHAPE.source.slice(1, -1)})$`);

/** The 400 a page link that is not one of ours gets, in plain words. */
export const badCursor = () =>
  new AppError(400, 'VALIDATION_FAILED', messages.messaging.badCursor, { cursor: messages.messaging.badCursor });

/** A page link's keys (the last row shown, in the list's order) as the API hands them out: opaque base64url JSON. */
export const encodeCursor = (keys: unknown): string => Buffer.from(JSON.stringify(keys)).toString('base64url');

/**
 * The keys a page link carries, exactly as `schema` says; anything else is `refused` (a 400 in plain
 * words; an area whose API names its own error passes that).
 */
export function decodeCursor<T>(text: string, schema: z.ZodType<T>, refused: () => Error = badCursor): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw refused();
  return result.data;
}
