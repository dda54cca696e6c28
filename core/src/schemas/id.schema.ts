import { z } from 'zod';
import { messages } from '../messages';

/** better-auth's member ids (and the demo seed's): letters, digits, '-' and '_'. */
export const USER_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
/** Photos, messages and saved searches are keyed by UUIDs. */
export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/*
 * Every id a route takes in its path has its shape checked here, so a malformed one (a NUL, a quote,
 * a path) is the caller's mistake, a 400 in plain words, and never reaches the database.
 */
const shaped = (shape: RegExp, message: string) => z.string({ error: message }).regex(shape, message);

export const userIdSchema = shaped(USER_ID_SHAPE, messages.ids.member);
export const photoIdSchema = shaped(UUID_SHAPE, messages.ids.photo);
export const messageIdSchema = shaped(UUID_SHAPE, messages.ids.message);
export const savedSearchIdSchema = shaped(UUID_SHAPE, messages.ids.savedSearch);

/** `/:userId`: a member's profile, gallery, like or pass. */
export const memberParamsSchema = z.object({ userId: userIdSchema });
/** `/:id` of one of the member's photos. */
export const photoParamsSchema = z.object({ id: photoIdSchema });
/** `/:id` of one of the member's saved searches. */
export const savedSearchParamsSchema = z.object({ id: savedSearchIdSchema });
