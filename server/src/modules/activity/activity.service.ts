import { messages } from '@velvet/core/messages';
import { UUID_SHAPE } from '@velvet/core/schemas/id.schema';
import type { ActivityPage, HotlistUpdates } from '@velvet/core/schemas/activity.schema';
import { z } from 'zod';
import { PG_TIME_SHAPE, type CursorCodec } from '../../lib/keyset-cursor';
import { AppError } from '../../middleware/errors';
import { toActivity, type ActivityAfter, type ActivityRepository } from './activity.repository';

/** A page link's keys, in the shapes PostgreSQL wrote them: the last activity's time and id. */
const activityCursorSchema: z.ZodType<ActivityAfter> = z
  .object({ at: z.string().regex(PG_TIME_SHAPE), id: z.string().regex(UUID_SHAPE) })
  .strict();

/**
 * The Updates feed and notifications: always the caller's own activities, as db/visibility.ts lets
 * them see the actors. Another member's activity id reads as no such activity (404) and changes nothing.
 */
export function activityService(repo: ActivityRepository, { cursors }: { cursors: CursorCodec }) {
  return {
    async feed(me: string, query: { cursor?: string; limit: number; unread?: 'true' | 'false' }): Promise<ActivityPage> {
      const scope = `activity:${me}:${query.unread === 'true' ? 'unread' : 'all'}`;
      const after = query.cursor ? cursors.open(query.cursor, activityCursorSchema, scope) : null;
      const rows = await repo.page(me, { after, limit: query.limit + 1, unreadOnly: query.unread === 'true' });
      const page = cursors.page(rows, query.limit, scope, (last): ActivityAfter => ({ at: last.atKey, id: last.id }));
      return { items: page.rows.map(toActivity), nextCursor: page.nextCursor };
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
