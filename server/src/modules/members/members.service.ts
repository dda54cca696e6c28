import { snapToCell, type Position } from '@velvet/core/geo/grid';
import { messages } from '@velvet/core/messages';
import { AppError } from '../../middleware/errors';
import { locateUkPlace } from '../../geo/gazetteer';
import { MAX_KM, type MemberSort, type MembersResponse } from '@velvet/core/schemas/member.schema';
import type { MembersRepository } from './members.repository';
import type { MemberRow } from './member-pages.repository';
import type { MemberSearch } from './member-search';
import { openCursor, type MemberCursor } from './member-cursor';
import type { CursorCodec } from '../../lib/keyset-cursor';
import { cachedFor } from '../../lib/cached-for';
import { toMemberCard } from './member-card';

/** A searched town's cell when the gazetteer knows it ("Leeds" or "Leeds, UK"); partial text has none. */
function townCell(text: string): Position | null {
  const place = locateUkPlace(text) ?? locateUkPlace(text.split(',')[0]);
  return place ? snapToCell(place) : null;
}

/** How long each process reuses the online count (the live 'N online', the stats row): one count for everyone. */
export const ONLINE_COUNT_TTL_MS = 5_000;
/** After that, how long a read is answered with the count it has while the next is counted (lib/cached-for.ts). */
export const ONLINE_COUNT_STALE_MS = 60_000;

/** A key the page's last row must carry (member-pages.repository keysOnRow): its absence is the server's fault, never a page to guess. */
function key(value: string | null, name: string): string {
  if (value === null) throw new Error(`the page's last row carries no ${name}`);
  return value;
}

/** The cursor of the page after `row`, in the list's order. */
function cursorAfter(row: MemberRow, sort: MemberSort, nearest: boolean): MemberCursor {
  if (sort === 'newest') return { sort, c: key(row.c, 'c'), id: row.userId };
  if (sort === 'verified') return { sort, band: row.band === 1 ? 1 : 0, ak: key(row.ak, 'ak'), id: row.userId };
  if (sort === 'nearest' && nearest)
    return row.band === 0 && row.d !== null
      ? { sort, band: 0, d: row.d, ak: key(row.ak, 'ak'), id: row.userId }
      : { sort, band: 1, ak: key(row.ak, 'ak'), id: row.userId };
  return { sort: 'online', ak: key(row.ak, 'ak'), id: row.userId };
}

/** The Members page: who a member may see, sorted and searched, with coarse distances only. */
export function membersService(
  repo: MembersRepository,
  opts: {
    cursors: CursorCodec;
    onlineCountTtlMs?: number;
    now?: () => number;
  },
) {
  const { cursors } = opts;
  const ttlMs = opts.onlineCountTtlMs ?? ONLINE_COUNT_TTL_MS;
  const onlineCount = cachedFor(ttlMs, () => repo.onlineCount(), opts.now, { staleForMs: ttlMs > 0 ? ONLINE_COUNT_STALE_MS : 0 });
  return {
    async list(me: string, query: MemberSearch & { cursor?: string; limit: number }): Promise<MembersResponse> {
      const { cursor, limit, ...search } = query;
      // a page link is for the list it came with: the member, the sort and every filter
      const scope = `members:${me}:${JSON.stringify(search)}`;
      const after = cursor ? openCursor(cursors, cursor, search.sort, scope) : null;
      // a town search lists that town's members nearest its centre (all about equally far from a
      // caller elsewhere): read around the town, not outwards from the caller through everyone
      const nearestTo = search.location ? townCell(search.location) : null;
      const { rows, from } = await repo.list(me, {
        ...search,
        // Who's Mobile Nearby looks as far as Who's Near unless told otherwise
        maxKm: search.maxKm ?? (search.mobile ? MAX_KM.whosNear : undefined),
        nearestTo,
        after,
        limit: limit + 1,
      });
      const nearest = (nearestTo ?? from) !== null;
      const page = cursors.page(rows, limit, scope, (last) => cursorAfter(last, search.sort, nearest));
      return { items: page.rows.map((r) => toMemberCard(r, from)), nextCursor: page.nextCursor };
    },
    onlineCount,

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
