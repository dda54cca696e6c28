import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, session, userBlocks } from '../db/schema/index';

/** The queries the socket gateway needs: sessions, last-active times, blocks. */
export function realtimeRepository(db: Db) {
  return {
    /**
     * Marks members with an open socket as active now; answers whether each hides their
     * last-active time (presence is never sent for them).
     */
    async touch(userIds: string[]): Promise<Map<string, { hideLastActive: boolean; lastActiveAt: Date }>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .update(profiles)
        .set({ lastActiveAt: sql`now()` })
        .where(inArray(profiles.userId, userIds))
        .returning({ userId: profiles.userId, hideLastActive: profiles.hideLastActive, lastActiveAt: profiles.lastActiveAt });
      return new Map(rows.map((r) => [r.userId, { hideLastActive: r.hideLastActive, lastActiveAt: r.lastActiveAt }]));
    },

    /** The sessions among these that still exist and have not expired. */
    async liveSessions(sessionIds: string[]): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: session.id })
        .from(session)
        .where(and(inArray(session.id, sessionIds), gt(session.expiresAt, sql`now()`)));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Last-active times of the members a viewer may watch: not themselves, not hiding their
     * last-active time, no block either way.
     */
    async watchable(viewerId: string, userIds: string[]): Promise<{ userId: string; lastActiveAt: Date }[]> {
      const ids = userIds.filter((id) => id !== viewerId);
      if (ids.length === 0) return [];
      return db
        .select({ userId: profiles.userId, lastActiveAt: profiles.lastActiveAt })
        .from(profiles)
        .where(
          and(
            inArray(profiles.userId, ids),
            eq(profiles.hideLastActive, false),
            sql`not exists (select 1 from ${userBlocks} b where (b.blocker_id = ${viewerId} and b.blocked_id = ${profiles.userId})
                  or (b.blocker_id = ${profiles.userId} and b.blocked_id = ${viewerId}))`,
          ),
        );
    },

    async blockedEitherWay(a: string, b: string): Promise<boolean> {
      const rows = await db
        .select({ id: userBlocks.id })
        .from(userBlocks)
        .where(
          or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
