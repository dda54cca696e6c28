import type { ProfileViewsResponse, ProfileViewsTodayResponse } from '@velvet/core/schemas/profile-view.schema';
import { londonDay } from '@velvet/core/time/london-day';
import type { ProfileViewsRepository, ViewersAfter } from './profile-views.repository';
import { AppError } from '../../middleware/errors';
import { messages } from '@velvet/core/messages';
import { toMemberCard } from '../members/members.public';

const encodeViewersCursor = (after: ViewersAfter) => Buffer.from(JSON.stringify(after)).toString('base64url');

/** The keys a page link carries, in the shapes PostgreSQL wrote them; a 400 in plain words for anything else. */
function decodeViewersCursor(text: string): ViewersAfter {
  const bad = new AppError(400, 'VALIDATION_FAILED', messages.messaging.badCursor, { cursor: messages.messaging.badCursor });
  let parsed: Partial<Record<keyof ViewersAfter, unknown>>;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as typeof parsed;
  } catch {
    throw bad;
  }
  const { day, at, id } = parsed ?? {};
  if (
    typeof day !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(day) ||
    typeof at !== 'string' ||
    !/^(-infinity|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?)$/.test(at) ||
    typeof id !== 'string' ||
    !/^[A-Za-z0-9_-]{1,64}$/.test(id)
  )
    throw bad;
  return { day, at, id };
}

/**
 * 'Looked @ Me': profile views, one per viewer per London day. Every read is the caller's own
 * views; there is no way to name another member.
 */
export function profileViewsService(repo: ProfileViewsRepository, clock: () => Date = () => new Date()) {
  return {
    /** `viewerId` opened `viewedId`'s profile (the profile route calls this after a successful read). */
    record: (viewerId: string, viewedId: string) => repo.record(viewerId, viewedId, londonDay(clock())),

    async list(me: string, query: { cursor?: string; limit: number }): Promise<ProfileViewsResponse> {
      const after = query.cursor ? decodeViewersCursor(query.cursor) : null;
      const [from, rows] = await Promise.all([repo.positionOf(me), repo.viewers(me, { after, limit: query.limit + 1 })]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((r) => ({ member: toMemberCard(r, from), day: r.day })),
        nextCursor: rows.length > query.limit && last ? encodeViewersCursor({ day: last.day, at: last.at, id: last.userId }) : null,
      };
    },

    async today(me: string): Promise<ProfileViewsTodayResponse> {
      const day = londonDay(clock());
      return { count: await repo.countOn(me, day), day };
    },
  };
}
export type ProfileViewsService = ReturnType<typeof profileViewsService>;
