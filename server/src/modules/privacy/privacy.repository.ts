import { and, eq, sql } from 'drizzle-orm';
import type { PrivacySettings, PrivacySettingsUpdate } from '@velvet/core/schemas/privacy.schema';
import type { Db } from '../../db/client';
import { profiles, user, userBlocks } from '../../db/schema/index';

export interface BlockRow {
  userId: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  reason: string | null;
  blockedAt: string;
}

const settingsColumns = {
  anonymousMode: profiles.anonymousMode,
  hideLastActive: profiles.hideLastActive,
  hideLocation: profiles.hideLocation,
};

/** The blocker's rows, each with the blocked member's name and avatar (who they are to the blocker). */
const blockRows = (where: ReturnType<typeof sql>) => sql`
  select b.blocked_id as "userId", p.username, p.display_name as "displayName", p.avatar_url as "avatarUrl", b.reason,
         to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "blockedAt"
  from user_blocks b left join profiles p on p.user_id = b.blocked_id
  where ${where}
  order by b.created_at desc, b.id desc`;

/** The only place that reads and writes a member's privacy toggles and blocks. */
export function privacyRepository(db: Db) {
  return {
    async settings(me: string): Promise<PrivacySettings | undefined> {
      const [row] = await db.select(settingsColumns).from(profiles).where(eq(profiles.userId, me));
      return row;
    },

    async updateSettings(me: string, change: PrivacySettingsUpdate): Promise<PrivacySettings | undefined> {
      const [row] = await db
        .update(profiles)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(profiles.userId, me))
        .returning(settingsColumns);
      return row;
    },

    async memberExists(id: string): Promise<boolean> {
      const found = await db.select({ id: user.id }).from(user).where(eq(user.id, id)).limit(1);
      return found.length > 0;
    },

    /** Blocks `other` unless already blocked (then the first block, its reason and date, stay). */
    async block(me: string, other: string, reason: string | null): Promise<{ created: boolean; row: BlockRow }> {
      const inserted = await db
        .insert(userBlocks)
        .values({ blockerId: me, blockedId: other, reason })
        .onConflictDoNothing()
        .returning({ id: userBlocks.id });
      const [row] = await db
        .execute<BlockRow & Record<string, unknown>>(blockRows(sql`b.blocker_id = ${me} and b.blocked_id = ${other}`))
        .then((r) => r.rows);
      return { created: inserted.length > 0, row: row! };
    },

    /** Lifts `me`'s block of `other`; whether there was one. */
    async unblock(me: string, other: string): Promise<boolean> {
      const deleted = await db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)))
        .returning({ id: userBlocks.id });
      return deleted.length > 0;
    },

    /** Everyone `me` blocked, newest first. */
    async blocks(me: string): Promise<BlockRow[]> {
      return (await db.execute<BlockRow & Record<string, unknown>>(blockRows(sql`b.blocker_id = ${me}`))).rows;
    },
  };
}
export type PrivacyRepository = ReturnType<typeof privacyRepository>;
