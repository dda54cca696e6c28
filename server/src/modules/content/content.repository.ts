import { and, desc, eq, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContentCategory, ContentMediaType } from '@velvet/core/schemas/content.schema';
import type { Db } from '../../db/client';
import { fabs, media, profiles } from '../../db/schema/index';
import { pageSeenBy, shownTo } from '../../db/visibility';
import { recordActivity, recordNewContent } from '../activity/activity.public';

export type ContentRow = typeof media.$inferSelect;
type NewContent = typeof media.$inferInsert;

/** The owner's profile, under the alias the visibility rules (db/visibility.ts) read. */
const p = alias(profiles, 'p');

/** A keyset position: the sort time (UTC, microseconds, as text) and the item's id. */
export interface Keyset {
  t: string;
  id: string;
}

export interface ListedItem {
  row: ContentRow;
  owner: { username: string | null; displayName: string | null; avatarUrl: string | null };
  fabCount: number;
  fabbed: boolean;
  /** the position after this item, for the next page */
  key: Keyset;
}

/** Microsecond UTC text of a timestamp: compared back exactly (a JS Date keeps only milliseconds). */
const keyTime = (column: SQL | typeof media.createdAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
const before = (time: SQL | typeof media.createdAt, after: Keyset | undefined) =>
  after ? sql`(${time}, ${media.id}) < (${after.t}::timestamp at time zone 'UTC', ${after.id}::uuid)` : undefined;

const columns = (viewerId: string, time: SQL | typeof media.createdAt = media.createdAt) => ({
  media,
  username: p.username,
  displayName: p.displayName,
  avatarUrl: p.avatarUrl,
  fabCount: sql<number>`(select count(*)::int from fabs f where f.media_id = ${media.id})`,
  fabbed: sql<boolean>`exists (select 1 from fabs f where f.media_id = ${media.id} and f.user_id = ${viewerId})`,
  t: keyTime(time),
});
type Selected = {
  media: ContentRow;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  fabCount: number;
  fabbed: boolean;
  t: string;
};
const toItem = (r: Selected): ListedItem => ({
  row: r.media,
  owner: { username: r.username, displayName: r.displayName, avatarUrl: r.avatarUrl },
  fabCount: Number(r.fabCount),
  fabbed: r.fabbed === true,
  key: { t: r.t, id: r.media.id },
});

const isContent = eq(media.kind, 'content');
const ofType = (type: ContentMediaType | undefined) => (type ? eq(media.mediaType, type) : undefined);
/** Discovery lists (New, Hot, by Category): the viewer's own, and others shown to them (no anonymous, suspended or blocked owners) not held for review. */
const discoverable = (viewerId: string) => or(eq(media.ownerId, viewerId), and(shownTo(viewerId), not(media.underReview)));
/** By link (one item, Pics you Fab'd): as the owner's page may be opened (db/visibility.ts). */
const openable = (viewerId: string) =>
  and(pageSeenBy(viewerId, sql`${media.ownerId}`), or(eq(media.ownerId, viewerId), not(media.underReview)));

/** A Hot position: the ranking's time, and the item's Fabs in the 7 days up to it, time and id. */
export interface HotKeyset extends Keyset {
  asOf: string;
  n: number;
}
export interface HotItem extends ListedItem {
  hotKey: HotKeyset;
}

export interface ListOptions {
  type?: ContentMediaType;
  after?: Keyset;
  limit: number;
}

export function contentRepository(db: Db) {
  return {
    /** How many images and videos the member has published. */
    async countOwn(ownerId: string): Promise<{ images: number; videos: number }> {
      const rows = await db
        .select({ type: media.mediaType, n: sql<number>`count(*)::int` })
        .from(media)
        .where(and(eq(media.ownerId, ownerId), isContent))
        .groupBy(media.mediaType);
      const of = (type: string) => Number(rows.find((r) => r.type === type)?.n ?? 0);
      return { images: of('image'), videos: of('video') };
    },

    /** Stores a new item; its owner's friends and hotlisters hear of it in the same transaction. */
    async insert(values: NewContent): Promise<ContentRow> {
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(media).values(values).returning();
        await recordNewContent(tx, inserted!.ownerId, inserted!.id);
        return inserted!;
      });
      return row;
    },

    /** Whether the member is a premium member (entitled to premium-only content). */
    async isPremium(userId: string): Promise<boolean> {
      const [row] = await db.select({ type: profiles.membershipType }).from(profiles).where(eq(profiles.userId, userId));
      return row?.type === 'premium';
    },

    /** One content item the viewer may open by link, with its owner and Fabs; undefined otherwise. */
    async findFor(id: string, viewerId: string): Promise<ListedItem | undefined> {
      const [row] = await db
        .select(columns(viewerId))
        .from(media)
        .leftJoin(p, eq(p.userId, media.ownerId))
        .where(and(eq(media.id, id), isContent, openable(viewerId)));
      return row && toItem(row);
    },

    /** One content item whoever owns it (the owner's edit and delete checks). */
    async findById(id: string): Promise<ContentRow | undefined> {
      const [row] = await db
        .select()
        .from(media)
        .where(and(eq(media.id, id), isContent));
      return row;
    },

    /** New Photos/Videos, Your Photos/Videos and Photos by Category: newest first, keyset paged. */
    async listNewest(
      viewerId: string,
      scope: { kind: 'new' } | { kind: 'mine' } | { kind: 'category'; category: ContentCategory },
      opts: ListOptions,
    ): Promise<ListedItem[]> {
      const where =
        scope.kind === 'mine'
          ? eq(media.ownerId, viewerId)
          : scope.kind === 'category'
            ? and(discoverable(viewerId), sql`p.kind = ${scope.category}`)
            : discoverable(viewerId);
      const rows = await db
        .select(columns(viewerId))
        .from(media)
        .leftJoin(p, eq(p.userId, media.ownerId))
        .where(and(isContent, where, ofType(opts.type), before(media.createdAt, opts.after)))
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(opts.limit);
      return rows.map(toItem);
    },

    /**
     * Hot Photos/Videos: the most Fabs in the 7 days up to `asOf`, then newest; keyset paged. The
     * first page takes `asOf` from the database's clock and every later page counts the same Fabs
     * (none made after it), so a Fab landing between pages cannot shift later pages.
     */
    async listHot(viewerId: string, opts: { type?: ContentMediaType; after?: HotKeyset; limit: number }): Promise<HotItem[]> {
      const { after } = opts;
      const asOf = after ? sql`(${after.asOf}::timestamp at time zone 'UTC')` : sql`now()`;
      const hot = db
        .select({ mediaId: fabs.mediaId, n: sql<number>`count(*)::int`.as('n') })
        .from(fabs)
        .where(sql`${fabs.createdAt} > ${asOf} - interval '7 days' and ${fabs.createdAt} <= ${asOf}`)
        .groupBy(fabs.mediaId)
        .as('hot');
      const resume = after
        ? sql`(${hot.n}, ${media.createdAt}, ${media.id}) < (${after.n}, ${after.t}::timestamp at time zone 'UTC', ${after.id}::uuid)`
        : undefined;
      const rows = await db
        .select({ ...columns(viewerId), n: hot.n, asOf: keyTime(asOf) })
        .from(hot)
        .innerJoin(media, eq(media.id, hot.mediaId))
        .leftJoin(p, eq(p.userId, media.ownerId))
        .where(and(isContent, discoverable(viewerId), ofType(opts.type), resume))
        .orderBy(desc(hot.n), desc(media.createdAt), desc(media.id))
        .limit(opts.limit);
      return rows.map((r) => ({ ...toItem(r), hotKey: { asOf: r.asOf, n: Number(r.n), t: r.t, id: r.media.id } }));
    },

    /** Pics you Fab'd: newest Fab first, keyset paged on the Fab's time. */
    async listFabbed(viewerId: string, opts: ListOptions): Promise<ListedItem[]> {
      const rows = await db
        .select(columns(viewerId, sql`${fabs.createdAt}`))
        .from(fabs)
        .innerJoin(media, eq(media.id, fabs.mediaId))
        .leftJoin(p, eq(p.userId, media.ownerId))
        .where(and(eq(fabs.userId, viewerId), isContent, openable(viewerId), ofType(opts.type), before(sql`${fabs.createdAt}`, opts.after)))
        .orderBy(desc(fabs.createdAt), desc(media.id))
        .limit(opts.limit);
      return rows.map(toItem);
    },

    /**
     * Adds or removes the member's Fab (one per member per item); returns the item's count. A new
     * Fab tells the owner (their Updates), in the same transaction.
     */
    async setFab(mediaId: string, userId: string, on: boolean, ownerId: string): Promise<number> {
      if (on)
        await db.transaction(async (tx) => {
          const added = await tx.insert(fabs).values({ mediaId, userId }).onConflictDoNothing().returning({ mediaId: fabs.mediaId });
          if (added.length)
            await recordActivity(tx, { recipientId: ownerId, actorId: userId, type: 'fab', subject: { kind: 'content', id: mediaId } });
        });
      else await db.delete(fabs).where(and(eq(fabs.mediaId, mediaId), eq(fabs.userId, userId)));
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(fabs)
        .where(eq(fabs.mediaId, mediaId));
      return Number(row?.n ?? 0);
    },

    /** The owner's edit; undefined when the item is not (or no longer) theirs. */
    async updateOwned(
      id: string,
      ownerId: string,
      values: Pick<NewContent, 'title' | 'description' | 'visibility' | 'priceCents'>,
    ): Promise<ContentRow | undefined> {
      const [row] = await db
        .update(media)
        .set(values)
        .where(and(eq(media.id, id), eq(media.ownerId, ownerId), isContent))
        .returning();
      return row;
    },
  };
}
export type ContentRepository = ReturnType<typeof contentRepository>;
