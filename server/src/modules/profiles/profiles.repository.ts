import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pageSeenBy } from '../../db/visibility';
import { profiles, user } from '../../db/schema/index';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'userId' | 'createdAt'>>;

const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
};

export function profilesRepository(db: Db) {
  return {
    async findByUserId(userId: string): Promise<ProfileRow | undefined> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row;
    },
    /**
     * Another member's profile with their verified flag and the viewer's own interests, in one
     * round trip (the profile page is read far more often than anything is written).
     */
    async findForViewer(userId: string, viewerId: string) {
      const viewer = alias(profiles, 'viewer');
      const p = alias(profiles, 'p');
      const [row] = await db
        .select({ profile: p, verified: user.verified, viewerInterests: viewer.interests })
        .from(p)
        .innerJoin(user, eq(user.id, p.userId))
        .leftJoin(viewer, eq(viewer.userId, viewerId))
        // as the member's photos are (db/visibility.ts): to someone they do not show to, the profile does not exist
        .where(and(eq(p.userId, userId), pageSeenBy(viewerId, sql`${p.userId}`)));
      return row ? { profile: { ...row.profile, verified: row.verified }, viewerInterests: row.viewerInterests ?? [] } : undefined;
    },
    async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
      const rows = await db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(sql`lower(${profiles.username}) = lower(${username})`);
      return rows.some((r) => r.userId !== exceptUserId);
    },
    async create(values: typeof profiles.$inferInsert): Promise<ProfileRow> {
      const [row] = await db.insert(profiles).values(values).returning();
      return row!;
    },
    async update(userId: string, changes: ProfileChanges): Promise<ProfileRow | undefined> {
      const [row] = await db
        .update(profiles)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(profiles.userId, userId))
        .returning();
      return row;
    },
  };
}
export type ProfilesRepository = ReturnType<typeof profilesRepository>;
