import { approximateDistance, type Position } from '@velvet/core/geo/grid';
import { ageText } from '@velvet/core/schemas/profile.schema';
import type { ProfileKind } from '@velvet/core/constants/options';
import type { MemberCard } from '@velvet/core/schemas/member.schema';
import type { ProfileViewsResponse, ProfileViewsTodayResponse } from '@velvet/core/schemas/profile-view.schema';
import { londonDay } from '@velvet/core/time/london-day';
import type { ProfileViewsRepository, ViewerRow } from './profile-views.repository';

/** A viewer's card, as much as they let others see: no city or distance when they hide their location. */
function toCard(row: ViewerRow, from: Position | null): MemberCard {
  const placed = !row.hideLocation && row.locationLat !== null && row.locationLng !== null;
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.displayName,
    ageText: ageText(row.kind, row.age, row.partnerAge),
    gender: row.gender,
    kind: row.kind as ProfileKind,
    location: row.hideLocation ? null : row.locationCity,
    distance: placed && from ? approximateDistance(from, { lat: Number(row.locationLat), lng: Number(row.locationLng) }) : null,
    avatarUrl: row.avatarUrl,
    verified: row.verified,
    online: row.online,
  };
}

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
        items: rows.slice(0, query.limit).map((r) => ({ member: toCard(r, from), day: r.day })),
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
