import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { media, profiles, user } from '../../db/schema/index';
import { isPremiumMember, pageSeenBy } from '../../db/visibility';

export type MediaRow = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The owner's profile, under the alias the visibility rule (db/visibility.ts) reads. */
const p = alias(profiles, 'p');

/** The profile columns that show a member's avatar and cover; the media module is their only writer. */
const PROFILE_COLUMN = { avatar: 'avatarUrl', cover: 'coverPhotoUrl' } as const;
export type ProfileImageSlot = keyof typeof PROFILE_COLUMN;

function queries(db: Db | Tx) {
  return {
    /** Serialises one member's media changes (gallery count, avatar swap, reorder) until commit. */
    async lockOwner(ownerId: string) {
      await db.select({ id: user.id }).from(user).where(eq(user.id, ownerId)).for('update');
    },
    async findById(id: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(media).where(eq(media.id, id));
      return row;
    },
    async findByIds(ids: string[]): Promise<MediaRow[]> {
      if (!ids.length) return [];
      return db.select().from(media).where(inArray(media.id, ids));
    },
    /**
     * The row a stored object (main image or video, thumbnail, blurred preview) belongs to, when the
     * viewer may see its owner's photos (db/visibility.ts), and whether the viewer is a premium
     * member; undefined for an unknown key and for a hidden owner alike.
     */
    async findByKeyFor(key: string, viewerId: string): Promise<{ row: MediaRow; viewerPremium: boolean } | undefined> {
      const [found] = await db
        .select({
          media,
          viewerPremium: isPremiumMember(viewerId),
        })
        .from(media)
        .leftJoin(p, eq(p.userId, media.ownerId))
        .where(
          and(
            or(eq(media.storageKey, key), eq(media.thumbKey, key), eq(media.previewKey, key)),
            pageSeenBy(viewerId, sql`${media.ownerId}`),
          ),
        );
      return found && { row: found.media, viewerPremium: found.viewerPremium === true };
    },
    /** Whether the member exists and the viewer may see their photos (db/visibility.ts). */
    async ownerSeenBy(ownerId: string, viewerId: string): Promise<boolean> {
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .leftJoin(p, eq(p.userId, user.id))
        .where(and(eq(user.id, ownerId), pageSeenBy(viewerId, sql`${user.id}`)));
      return rows.length > 0;
    },
    async listByOwnerKind(ownerId: string, kind: string, opts: { includePrivate: boolean }): Promise<MediaRow[]> {
      const where = [eq(media.ownerId, ownerId), eq(media.kind, kind)];
      if (!opts.includePrivate) where.push(ne(media.visibility, 'private'));
      return db
        .select()
        .from(media)
        .where(and(...where))
        .orderBy(asc(media.position), asc(media.createdAt));
    },
    async countAndMaxPosition(ownerId: string, kind: string): Promise<{ count: number; maxPosition: number }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, maxPosition: sql<number>`coalesce(max(${media.position}), -1)::int` })
        .from(media)
        .where(and(eq(media.ownerId, ownerId), eq(media.kind, kind)));
      return { count: Number(row?.count ?? 0), maxPosition: Number(row?.maxPosition ?? -1) };
    },
    async insert(values: NewMedia): Promise<MediaRow> {
      const [row] = await db.insert(media).values(values).returning();
      return row!;
    },
    async deleteByIds(ids: string[]) {
      if (ids.length) await db.delete(media).where(inArray(media.id, ids));
    },
    /** Deletes one member's row; undefined when it is not (or no longer) theirs. */
    async deleteOwned(id: string, ownerId: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .delete(media)
        .where(and(eq(media.id, id), eq(media.ownerId, ownerId)))
        .returning();
      return row;
    },
    async setPosition(id: string, ownerId: string, position: number) {
      await db
        .update(media)
        .set({ position })
        .where(and(eq(media.id, id), eq(media.ownerId, ownerId)));
    },
    /** Points the profile's avatar or cover at a photo (no-op without a profile). */
    async setProfileImage(userId: string, slot: ProfileImageSlot, url: string) {
      await db
        .update(profiles)
        .set({ [PROFILE_COLUMN[slot]]: url, updatedAt: new Date() })
        .where(eq(profiles.userId, userId));
    },
    /** Clears the profile's avatar or cover, only while it still shows this photo. */
    async clearProfileImage(userId: string, slot: ProfileImageSlot, url: string) {
      const column = slot === 'avatar' ? profiles.avatarUrl : profiles.coverPhotoUrl;
      await db
        .update(profiles)
        .set({ [PROFILE_COLUMN[slot]]: null, updatedAt: new Date() })
        .where(and(eq(profiles.userId, userId), eq(column, url)));
    },
  };
}

export type MediaQueries = ReturnType<typeof queries>;

export function mediaRepository(db: Db) {
  return {
    ...queries(db),
    /** Runs fn in one transaction: all of it is written, or none. */
    transaction<T>(fn: (tx: MediaQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx)));
    },
  };
}
export type MediaRepository = ReturnType<typeof mediaRepository>;
