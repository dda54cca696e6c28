import { randomUUID } from 'node:crypto';
import { messages } from '@velvet/core/messages';
import {
  MEMBER_TYPES,
  memberFiltersToParams,
  MEMBER_TYPE_GENDERS,
  type MemberFilters,
  type MemberType,
} from '@velvet/core/schemas/member.schema';
import {
  SAVED_SEARCHES_MAX,
  type CategoryPhotosResponse,
  type SavedSearchDto,
  type SavedSearchesResponse,
} from '@velvet/core/schemas/search.schema';
import { UUID_SHAPE } from '@velvet/core/schemas/id.schema';
import { z } from 'zod';
import { PG_TIME_SHAPE, type CursorCodec } from '../../lib/keyset-cursor';
import { AppError } from '../../middleware/errors';
import { mediaFileUrl } from '../media/media.public';
import type { CategoryPhotosAfter, SavedSearchRow, SearchRepository } from './search.repository';

/** A Photos by Category page link: the last photo's added time (as PostgreSQL wrote it) and id. */
const photosCursorSchema: z.ZodType<CategoryPhotosAfter> = z
  .object({ c: z.string().regex(PG_TIME_SHAPE), id: z.string().regex(UUID_SHAPE) })
  .strict();

const toDto = (row: SavedSearchRow): SavedSearchDto => ({
  id: row.id,
  name: row.name,
  filters: row.filters as Record<string, string>,
  createdAt: row.createdAt.toISOString(),
});

const typeOf = (gender: string | null): MemberType | null =>
  MEMBER_TYPES.find((t) => (MEMBER_TYPE_GENDERS[t] as readonly (string | null)[]).includes(gender)) ?? null;

/** The Search hub's own data: a member's saved searches, and Photos by Category. */
export function searchService(repo: SearchRepository, { cursors }: { cursors: CursorCodec }) {
  return {
    async listSaved(me: string): Promise<SavedSearchesResponse> {
      return { items: (await repo.listSaved(me)).map(toDto) };
    },

    /** Stores the filters in their normalised query-string form, so running one is just its URL. */
    async save(me: string, input: { name: string; filters: MemberFilters }): Promise<SavedSearchDto> {
      const row = await repo.insertSavedCapped(
        { id: randomUUID(), userId: me, name: input.name, filters: memberFiltersToParams(input.filters) },
        SAVED_SEARCHES_MAX,
      );
      if (!row) throw new AppError(409, 'TOO_MANY_SAVED_SEARCHES', messages.search.savedTooMany(SAVED_SEARCHES_MAX));
      return toDto(row);
    },

    /** Only the member's own: another member's id is a 404, exactly like an unknown one. */
    async deleteSaved(me: string, id: string): Promise<void> {
      if (!(await repo.deleteSaved(me, id))) throw new AppError(404, 'SAVED_SEARCH_NOT_FOUND', messages.search.savedNotFound);
    },

    async photos(me: string, query: { type?: MemberType; cursor?: string; limit: number }): Promise<CategoryPhotosResponse> {
      const scope = `category-photos:${me}:${query.type ?? 'all'}`;
      const after = query.cursor ? cursors.open(query.cursor, photosCursorSchema, scope) : null;
      const rows = await repo.categoryPhotos(me, { type: query.type, after, limit: query.limit + 1 });
      const page = cursors.page(rows, query.limit, scope, (last): CategoryPhotosAfter => ({ c: last.c, id: last.id }));
      return {
        items: page.rows.map((r) => ({
          id: r.id,
          url: mediaFileUrl(r.storageKey),
          thumbUrl: r.thumbKey ? mediaFileUrl(r.thumbKey) : null,
          width: r.width,
          height: r.height,
          owner: { userId: r.userId, username: r.username, displayName: r.displayName, type: typeOf(r.gender) },
        })),
        nextCursor: page.nextCursor,
      };
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
