import { snapToCell, type Position } from '@velvet/core/geo/grid';
import { messages } from '@velvet/core/messages';
import { AppError } from '../../middleware/errors';
import { locateUkPlace } from '../../geo/gazetteer';
import { MAX_KM, type MembersResponse } from '@velvet/core/schemas/member.schema';
import type { MemberSearch, MembersRepository } from './members.repository';
import { toMemberCard } from './member-card';

/** A searched town's cell when the gazetteer knows it ("Leeds" or "Leeds, UK"); partial text has none. */
function townCell(text: string): Position | null {
  const place = locateUkPlace(text) ?? locateUkPlace(text.split(',')[0]);
  return place ? snapToCell(place) : null;
}

/** The Members page: who a member may see, sorted and searched, with coarse distances only. */
export function membersService(repo: MembersRepository) {
  return {
    async list(me: string, query: MemberSearch & { cursor: number; limit: number }): Promise<MembersResponse> {
      const { position: from, blocked, liked } = await repo.caller(me);
      const { cursor, limit, ...search } = query;
      const rows = await repo.list(me, {
        ...search,
        blocked,
        liked,
        // Who's Mobile Nearby looks as far as Who's Near unless told otherwise
        maxKm: search.maxKm ?? (search.mobile ? MAX_KM.whosNear : undefined),
        from,
        // a town search lists that town's members nearest its centre (all about equally far from a
        // caller elsewhere): read around the town, not outwards from the caller through everyone
        nearestTo: search.location ? townCell(search.location) : null,
        offset: cursor,
        limit: limit + 1,
      });
      const more = rows.length > query.limit;
      return {
        items: rows.slice(0, query.limit).map((r) => toMemberCard(r, from)),
        nextCursor: more ? String(query.cursor + query.limit) : null,
      };
    },
    onlineCount: () => repo.onlineCount(),

    async locationState(me: string) {
      const row = await repo.locationState(me);
      if (!row) throw new AppError(404, 'NO_PROFILE', messages.profile.notFound);
      return { whosNear: row.source === 'device', placed: row.lat !== null };
    },

    /** Who's Near on: the device's position, snapped to its cell here; the raw one is not kept or logged. */
    async setDevicePosition(me: string, position: Position) {
      if (!(await repo.locationState(me))) throw new AppError(404, 'NO_PROFILE', messages.profile.notFound);
      await repo.setPosition(me, snapToCell(position), 'device');
      return { whosNear: true, placed: true };
    },

    /** Who's Near off: back to the town's cell (or unplaced when the town is unknown). */
    async clearDevicePosition(me: string) {
      const row = await repo.locationState(me);
      if (!row) throw new AppError(404, 'NO_PROFILE', messages.profile.notFound);
      const place = locateUkPlace(row.city);
      const cell = place ? snapToCell(place) : null;
      await repo.setPosition(me, cell, cell ? 'city' : null);
      return { whosNear: false, placed: cell !== null };
    },
  };
}
export type MembersService = ReturnType<typeof membersService>;
