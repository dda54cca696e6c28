import { z } from 'zod';
import { messages } from '../messages';

/**
 * A page link as a list takes it back: the `nextCursor` the server handed out with the page before
 * (sealed by the server: opaque to clients). Only its shape is checked here; the server opens it.
 */
export const pageCursorSchema = z.string({ error: messages.errors.badCursor }).regex(/^[A-Za-z0-9_-]{1,600}$/, messages.errors.badCursor);
