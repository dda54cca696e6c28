import { and, desc, eq, sql } from 'drizzle-orm';
import { MEMBER_TYPE_GENDERS, type MemberType } from '@velvet/core/schemas/member.schema';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { savedSearches, user } from '../../db/schema/index';
// one privacy filter for every list of members (DESIGN.md §7): anonymous and blocked members never show
import { visibleTo } from '../../db/visibility';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

export type CategoryPhotoRow = {
  id: string;
  storageKey: string;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
  userId: string;
  username: string;
  displayName: string;
  gender: string | null;
  /** when it was added, as PostgreSQL writes it: the next page's key */
  c: string;
};

/** Where a page of Photos by Category begins: after the photo added at `c` with id `id` (newest first). */
export type CategoryPhotosAfter = { c: string; id: string };

/** Saved searches and Photos by Category. */
export function searchRepository(db: Db) {
  return {
    async listSaved(userId: string): Promise<SavedSearchRow[]> {
      return db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
    },

    /**
     * Saves a search unless the member already keeps `max`: the count and the insert run under a lock
     * on the member's row, so two saves at once cannot pass the cap. Undefined when full.
     */
    async insertSavedCapped(values: { id: string; userId: string; name: string; filters: Record<string, string> }, max: number) {
      return db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, values.userId)).for('update');
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(savedSearches)
          .where(eq(savedSearches.userId, values.userId));
        if (Number(row?.n ?? 0) >= max) return undefined;
        const [saved] = await tx.insert(savedSearches).values(values).returning();
        return saved;
      });
    },

    /** Deletes one of the member's own saved searches; false when it is not theirs (or not there). */
    async deleteSaved(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      return rows.length > 0;
    },

    /**
     * Gallery photos members show to every member (public or members-only; not one reported and under
     * review), newest first, a keyset page after `after` (media_gallery_new_idx, migration 0032).
     */
    async categoryPhotos(
      me: string,
      opts: { type?: MemberType; after: CategoryPhotosAfter | null; limit: number },
    ): Promise<CategoryPhotoRow[]> {
      const type = opts.type ? sql`and p.gender in ${[...MEMBER_TYPE_GENDERS[opts.type]]}` : sql``;
      const after = opts.after ? sql`and (m.created_at, m.id) < (${opts.after.c}::timestamptz, ${opts.after.id}::uuid)` : sql``;
      return executePrepared<CategoryPhotoRow>(
        db,
        sql`
        select m.id, m.storage_key as "storageKey", m.thumb_key as "thumbKey", m.width, m.height,
          p.user_id as "userId", p.username, p.display_name as "displayName", p.gender, m.created_at::text as c
        from media m join profiles p on p.user_id = m.owner_id
        where m.kind = 'gallery' and m.visibility in ('public', 'members') and not m.under_review
          and ${visibleTo(me)} ${type} ${after}
        order by m.created_at desc, m.id desc
        limit ${opts.limit}`,
      );
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;
