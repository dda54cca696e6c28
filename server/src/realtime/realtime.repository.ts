import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { textArray } from '../db/arrays';
import { profiles, session } from '../db/schema/index';
import { noBlockBetween, presenceSeenBy } from '../db/visibility';

/** A session still stands: it exists (not signed out, revoked or ended by a suspension) and has not expired. */
const liveSession = gt(session.expiresAt, sql`now()`);
const sessionStands = (sessionId: string) => sql`exists (select 1 from ${session} where ${session.id} = ${sessionId} and ${liveSession})`;

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
        .where(and(inArray(session.id, sessionIds), liveSession));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Last-active times of the members a viewer may watch: not themselves, not hiding their
     * last-active time, no block either way; none at all (`live` false) once the viewer's socket's
     * session has ended. One statement.
     */
    async watchable(
      viewerId: string,
      sessionId: string,
      userIds: string[],
    ): Promise<{ live: boolean; rows: { userId: string; lastActiveAt: Date }[] }> {
      const ids = userIds.filter((id) => id !== viewerId);
      const result = await db.execute<{ live: boolean; userId: string | null; lastActiveMs: number | string | null }>(
        sql`select l.live, p.user_id as "userId", extract(epoch from p.last_active_at) * 1000 as "lastActiveMs"
            from (select ${sessionStands(sessionId)} as live) l
            left join profiles p on l.live and p.user_id = any(${textArray(ids)}) and ${presenceSeenBy(viewerId)}`,
      );
      const live = result.rows[0]?.live === true;
      const rows = result.rows.flatMap((r) =>
        r.userId === null ? [] : [{ userId: r.userId, lastActiveAt: new Date(Number(r.lastActiveMs)) }],
      );
      return { live, rows };
    },

    /**
     * Whether `from`'s socket (of `sessionId`) may relay an event to `to`, in one statement: `live`,
     * the session still stands (a socket outlives its session by the moment it takes the gateway to
     * close it); `open`, no block stands between the two either way (db/visibility.ts).
     */
    async relayable(sessionId: string, from: string, to: string): Promise<{ live: boolean; open: boolean }> {
      const rows = await db.execute<{ live: boolean; open: boolean }>(
        sql`select ${sessionStands(sessionId)} as live, ${noBlockBetween(from, sql`${to}`)} as open`,
      );
      return { live: rows.rows[0]?.live === true, open: rows.rows[0]?.open === true };
    },
  };
}
