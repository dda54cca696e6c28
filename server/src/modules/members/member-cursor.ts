import { z } from 'zod';
import { messages } from '@velvet/core/messages';
import type { MemberSort } from '@velvet/core/schemas/member.schema';
import { decodeCursor as decodeKeys, encodeCursor as encodeKeys } from '../../lib/keyset-cursor';
import { AppError } from '../../middleware/errors';

/**
 * Where the next page of a members list begins: the keys of the last member shown, in the list's
 * own order (keyset paging). A page read from it neither repeats nor skips anyone when others join,
 * leave or change in between, as an offset would. Times and distances are kept as PostgreSQL wrote
 * them (text), so they compare exactly when sent back.
 *
 * - nearest: band 0 (placed, by distance `d`) then band 1 (unplaced), then activity `ak`, then id
 * - online: activity `ak`, then id
 * - newest: joined `c`, then id
 * - verified: band 0 (verified) then band 1 (the others), then activity `ak`, then id
 */
export type MemberCursor =
  | { sort: 'nearest'; band: 0; d: string; ak: string; id: string }
  | { sort: 'nearest'; band: 1; ak: string; id: string }
  | { sort: 'online'; ak: string; id: string }
  | { sort: 'newest'; c: string; id: string }
  | { sort: 'verified'; band: 0 | 1; ak: string; id: string };

const key = z.string().min(1).max(64);
const cursorSchema = z.union([
  z.object({ sort: z.literal('nearest'), band: z.literal(0), d: key, ak: key, id: key }).strict(),
  z.object({ sort: z.literal('nearest'), band: z.literal(1), ak: key, id: key }).strict(),
  z.object({ sort: z.literal('online'), ak: key, id: key }).strict(),
  z.object({ sort: z.literal('newest'), c: key, id: key }).strict(),
  z.object({ sort: z.literal('verified'), band: z.union([z.literal(0), z.literal(1)]), ak: key, id: key }).strict(),
]);

/** Keys travel inside a cursor only in these shapes, so a forged one cannot reach SQL as anything else. */
const SHAPES: Record<string, RegExp> = {
  d: /^\d+(\.\d+)?(e-?\d+)?$/,
  ak: /^(-infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?)$/,
  c: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  id: /^[A-Za-z0-9_-]+$/,
};

export const encodeCursor = (cursor: MemberCursor): string => encodeKeys(cursor);

/** The cursor a page link carries, for a list in `sort` order; a 400 in plain words for anything else. */
export function decodeCursor(text: string, sort: MemberSort): MemberCursor {
  // the same 400 the shared codec throws, for the checks it cannot make alone
  const bad = () => new AppError(400, 'VALIDATION_FAILED', messages.messaging.badCursor, { cursor: messages.messaging.badCursor });
  const cursor: MemberCursor = decodeKeys(text, cursorSchema);
  // a list without a cell to measure from lists nearest first in activity order (an 'online' cursor)
  if (cursor.sort !== sort && !(sort === 'nearest' && cursor.sort === 'online')) throw bad();
  for (const [name, value] of Object.entries(cursor)) {
    const shape = SHAPES[name];
    if (shape && !shape.test(String(value))) throw bad();
  }
  return cursor;
}
