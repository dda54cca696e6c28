import { z } from 'zod';
import { messages } from '../messages';

/** U+0000: PostgreSQL text cannot hold it, and nothing a person types contains it. */
const NUL = '\u0000';

/** Whether text holds a NUL character. */
const hasNul = (value: string) => value.includes(NUL);

/** Text with every NUL character taken out (a message's content is kept this way, not refused). */
export const withoutNul = (value: string) => value.replaceAll(NUL, '');

/**
 * The one rule for text a member sends (a field, a name, a search): a string, refused with a 400 in
 * plain words when it holds a NUL, before it can reach the database. Every text schema starts here;
 * trim, lengths and shapes follow as usual: `text().trim().max(60, …)`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine((value) => !hasNul(value), messages.input.nul);
