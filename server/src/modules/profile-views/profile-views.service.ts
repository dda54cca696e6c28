import type { ProfileViewsResponse, ProfileViewsTodayResponse } from '@velvet/core/schemas/profile-view.schema';
import { londonDay } from '@velvet/core/time/london-day';
import type { ProfileViewsRepository } from './profile-views.repository';
import { toMemberCard } from '../members/members.public';

/**
 * 'Looked @ Me': profile views, one per viewer per London day. Every read is the caller's own
 * views; there is no way to name another member.
 */
export function profileViewsService(repo: ProfileViewsRepository, clock: () => Date = () => new Date()) {
  return {
    /** `viewerId` opened `viewedId`'s profile (the profile route calls this after a successful read). */
    record: (viewerId: string, viewedId: string) => repo.record(viewerId, viewedId, londonDay(clock())),

    async list(me: string, query: { cursor: number; limit: number }): Promise<ProfileViewsResponse> {
      const [from, rows] = await Promise.all([repo.positionOf(me), repo.viewers(me, { offset: query.cursor, limit: query.limit + 1 })]);
      const more = rows.length > query.limit;
      return {
        items: rows.slice(0, query.limit).map((r) => ({ member: toMemberCard(r, from), day: r.day })),
        nextCursor: more ? String(query.cursor + query.limit) : null,
      };
    },

    async today(me: string): Promise<ProfileViewsTodayResponse> {
      const day = londonDay(clock());
      return { count: await repo.countOn(me, day), day };
    },
  };
}
export type ProfileViewsService = ReturnType<typeof profileViewsService>;
