import { z } from 'zod';
import { USER_ID_SHAPE } from '@velvet/core/schemas/id.schema';
import type { MemberSort } from '@velvet/core/schemas/member.schema';
import { badCursor, PG_TIME_OR_NEVER_SHAPE, PG_TIME_SHAPE, type CursorCodec } from '../../lib/keyset-cursor';

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

/** Keys travel inside a cursor only in these shapes, so a forged one cannot reach SQL as anything else. */
const d = z
  .string()
  .max(64)
  .regex(/^\d+(\.\d+)?(e-?\d+)?$/);
const ak = z.string().max(64).regex(PG_TIME_OR_NEVER_SHAPE);
const c = z.string().max(64).regex(PG_TIME_SHAPE);
const id = z.string().regex(USER_ID_SHAPE);
const cursorSchema = z.union([
  z.object({ sort: z.literal('nearest'), band: z.literal(0), d, ak, id }).strict(),
  z.object({ sort: z.literal('nearest'), band: z.literal(1), ak, id }).strict(),
  z.object({ sort: z.literal('online'), ak, id }).strict(),
  z.object({ sort: z.literal('newest'), c, id }).strict(),
  z.object({ sort: z.literal('verified'), band: z.union([z.literal(0), z.literal(1)]), ak, id }).strict(),
]);

/** The cursor a page link carries, for a list in `sort` order; a 400 in plain words for anything else. */
export function openCursor(cursors: CursorCodec, text: string, sort: MemberSort, scope: string): MemberCursor {
  const cursor: MemberCursor = cursors.open(text, cursorSchema, scope);
  // a list without a cell to measure from lists nearest first in activity order (an 'online' cursor)
  if (cursor.sort !== sort && !(sort === 'nearest' && cursor.sort === 'online')) throw badCursor();
  return cursor;
}
