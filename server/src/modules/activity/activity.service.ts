import { messages } from '@velvet/core/messages';
import { UUID_SHAPE } from '@velvet/core/schemas/id.schema';
import type { ActivityPage, HotlistUpdates } from '@velvet/core/schemas/activity.schema';
import { AppError } from '../../middleware/errors';
import { toActivity, type ActivityAfter, type ActivityRepository } from './activity.repository';

const TIME_SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

const encodeCursor = (after: ActivityAfter) => Buffer.from(JSON.stringify(after)).toString('base64url');

/** The keys a page link carries, in the shapes PostgreSQL wrote them; a 400 in plain words for anything else. */
function decodeCursor(text: string): ActivityAfter {
  const bad = new AppError(400, 'VALIDATION_FAILED', messages.messaging.badCursor, { cursor: messages.messaging.badCursor });
  let parsed: Partial<Record<keyof ActivityAfter, unknown>> | null;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw bad;
  }
  const { at, id } = parsed ?? {};
  if (typeof at !== 'string' || !TIME_SHAPE.test(at) || typeof id !== 'string' || !UUID_SHAPE.test(id)) throw bad;
  return { at, id };
}

/**
 * The Updates feed and notifications: always the caller's own activities, as db/visibility.ts lets
 * them see the actors. Another member's activity id reads as no such activity (404) and changes nothing.
 */
export function activityService(repo: ActivityRepository) {
  return {
    async feed(me: string, query: { cursor?: string; limit: number; unread?: 'true' | 'false' }): Promise<ActivityPage> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await repo.page(me, { after, limit: query.limit + 1, unreadOnly: query.unread === 'true' });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(toActivity),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.atKey, id: last.id }) : null,
      };
    },

    unread: async (me: string) => ({ unread: await repo.unreadCount(me) }),

    async markRead(me: string, id: string): Promise<void> {
      if (!(await repo.markRead(me, id))) throw new AppError(404, 'NOT_FOUND', messages.activity.notFound);
    },

    async hotlistUpdates(me: string): Promise<HotlistUpdates> {
      const rows = await repo.hotlistLatest(me);
      return { items: rows.map((r) => ({ userId: r.actorId!, activity: toActivity(r) })) };
    },

    markAllRead: async (me: string) => ({ marked: await repo.markAllRead(me) }),
  };
}
export type ActivityService = ReturnType<typeof activityService>;
