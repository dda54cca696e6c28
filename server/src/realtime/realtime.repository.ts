import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { textArray } from '../db/arrays';
import { profiles, session } from '../db/schema/index';
import { noBlockBetween, presenceSeenBy } from '../db/visibility';

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
      const rows = await db.execute<{ userId: string; lastActiveMs: number | string }>(
        sql`select p.user_id as "userId", extract(epoch from p.last_active_at) * 1000 as "lastActiveMs" from profiles p
            where p.user_id = any(${textArray(ids)}) and ${presenceSeenBy(viewerId)}`,
      );
      return rows.rows.map((r) => ({ userId: r.userId, lastActiveAt: new Date(Number(r.lastActiveMs)) }));
    },

    /** Whether a block stands between the two, either way (db/visibility.ts). */
    async blockedEitherWay(a: string, b: string): Promise<boolean> {
      const rows = await db.execute<{ open: boolean }>(sql`select ${noBlockBetween(a, sql`${b}`)} as open`);
      return rows.rows[0]?.open === false;
    },
  };
}
