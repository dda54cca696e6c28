import type { ProfileViewsResponse, ProfileViewsTodayResponse } from '@velvet/core/schemas/profile-view.schema';
import { londonDay } from '@velvet/core/time/london-day';
import { USER_ID_SHAPE } from '@velvet/core/schemas/id.schema';
import { z } from 'zod';
import type { ProfileViewsRepository, ViewersAfter } from './profile-views.repository';
import type { CursorCodec } from '../../lib/keyset-cursor';
import { toMemberCard } from '../members/members.public';

/** A page link's keys: the last viewer's day and id (no time: the statement reads their look again). */
const viewersCursorSchema: z.ZodType<ViewersAfter> = z
  .object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), id: z.string().regex(USER_ID_SHAPE) })
  .strict();

/**
 * 'Looked @ Me': profile views, one per viewer per London day. Every read is the caller's own
 * views; there is no way to name another member.
 */
export function profileViewsService(
  repo: ProfileViewsRepository,
  { cursors, clock = () => new Date() }: { cursors: CursorCodec; clock?: () => Date },
) {
  return {
    /** `viewerId` opened `viewedId`'s profile (the profile route calls this after a successful read). */
    record: (viewerId: string, viewedId: string) => repo.record(viewerId, viewedId, londonDay(clock())),

    async list(me: string, query: { cursor?: string; limit: number }): Promise<ProfileViewsResponse> {
      const scope = `profile-views:${me}`;
      const after = query.cursor ? cursors.open(query.cursor, viewersCursorSchema, scope) : null;
      const [from, rows] = await Promise.all([repo.positionOf(me), repo.viewers(me, { after, limit: query.limit + 1 })]);
      const page = cursors.page(rows, query.limit, scope, (last): ViewersAfter => ({ day: last.day, id: last.userId }));
      return { items: page.rows.map((r) => ({ member: toMemberCard(r, from), day: r.day })), nextCursor: page.nextCursor };
    },

    async today(me: string): Promise<ProfileViewsTodayResponse> {
      const day = londonDay(clock());
      return { count: await repo.countOn(me, day), day };
    },
  };
}
export type ProfileViewsService = ReturnType<typeof profileViewsService>;
