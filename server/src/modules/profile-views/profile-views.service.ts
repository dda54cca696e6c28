import type { ProfileViewsResponse, ProfileViewsTodayResponse } from '@velvet/core/schemas/profile-view.schema';
import { londonDay } from '@velvet/core/time/london-day';
import { USER_ID_SHAPE } from '@velvet/core/schemas/id.schema';
import { z } from 'zod';
import type { ProfileViewsRepository, ViewersAfter } from './profile-views.repository';
import { decodeCursor, encodeCursor, PG_TIME_OR_NEVER_SHAPE } from '../../lib/keyset-cursor';
import { toMemberCard } from '../members/members.public';

/**
 * A page link's keys: the last viewer's day and id (no time: the statement reads their look again).
 * A link handed out before 2026-11-29 also carried the look's time, which is taken and not used.
 */
const viewersCursorSchema: z.ZodType<ViewersAfter> = z
  .object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    at: z.string().regex(PG_TIME_OR_NEVER_SHAPE).optional(),
    id: z.string().regex(USER_ID_SHAPE),
  })
  .strict()
  .transform(({ day, id }) => ({ day, id }));

/**
 * 'Looked @ Me': profile views, one per viewer per London day. Every read is the caller's own
 * views; there is no way to name another member.
 */
export function profileViewsService(repo: ProfileViewsRepository, clock: () => Date = () => new Date()) {
  return {
    /** `viewerId` opened `viewedId`'s profile (the profile route calls this after a successful read). */
    record: (viewerId: string, viewedId: string) => repo.record(viewerId, viewedId, londonDay(clock())),

    async list(me: string, query: { cursor?: string; limit: number }): Promise<ProfileViewsResponse> {
      const after = query.cursor ? decodeCursor(query.cursor, viewersCursorSchema) : null;
      const [from, rows] = await Promise.all([repo.positionOf(me), repo.viewers(me, { after, limit: query.limit + 1 })]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => ({ member: toMemberCard(r, from), day: r.day })),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ day: last.day, id: last.userId } satisfies ViewersAfter) : null,
      };
    },

    async today(me: string): Promise<ProfileViewsTodayResponse> {
      const day = londonDay(clock());
      return { count: await repo.countOn(me, day), day };
    },
  };
}
export type ProfileViewsService = ReturnType<typeof profileViewsService>;
