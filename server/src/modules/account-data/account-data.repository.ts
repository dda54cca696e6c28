import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photoFiles, sections } from './account-data.sections';

export function accountDataRepository(db: Db) {
  return {
    /** data.json: every section, read one after another (PGlite is one connection). */
    async export(me: string): Promise<Record<string, unknown>> {
      const out: Record<string, unknown> = {};
      for (const section of sections) out[section.name] = await section.read(db, me);
      return out;
    },

    photoFiles: (me: string) => photoFiles(db, me),

    /** When the member's session began (read from the database, never from a cached copy), or null when it is gone. */
    async sessionStartedAt(me: string, sessionId: string): Promise<Date | null> {
      const found = await db.execute<{ createdAt: Date | string }>(
        sql`select created_at as "createdAt" from session where id = ${sessionId} and user_id = ${me}`,
      );
      const at = found.rows[0]?.createdAt;
      return at === undefined ? null : new Date(at);
    },

    /** The member's password hash, or null when they sign in only with a provider. */
    async passwordHash(me: string): Promise<string | null> {
      const found = await db.execute<{ password: string }>(
        sql`select password from account where user_id = ${me} and provider_id = 'credential' and password is not null limit 1`,
      );
      return found.rows[0]?.password ?? null;
    },

    /**
     * Removes the member and every row about them in one transaction, and answers the storage keys
     * of their files (to delete once this has committed), or null when there is no such member.
     *
     * Messages go first and explicitly, so the conversation triggers (migration 0006) tidy the other
     * side's inbox: a conversation left empty goes. The user row then takes everything that
     * references it (ON DELETE CASCADE: profile, photos' rows, likes, views, blocks, sessions,
     * accounts, two-factor). Rows keyed by the address or holding the id in text go by hand.
     */
    async deleteMember(me: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const found = await tx.execute<{ email: string }>(sql`select lower(email) as email from "user" where id = ${me} for update`);
        const email = found.rows[0]?.email;
        if (email === undefined) return null;
        // the member's photos, and the private photos of their verification requests
        const files = await tx.execute<{ storageKey: string; thumbKey: string | null }>(
          sql`select storage_key as "storageKey", thumb_key as "thumbKey" from media where owner_id = ${me}
              union all select photo_key, null from user_verifications where user_id = ${me}`,
        );
        await tx.execute(sql`delete from messages where sender_id = ${me} or receiver_id = ${me}`);
        await tx.execute(sql`delete from contact_messages where user_id = ${me} or email = ${email}`);
        await tx.execute(sql`delete from sign_in_attempt where email = ${email}`);
        await tx.execute(sql`delete from sign_in_alert where email = ${email}`);
        // better-auth's pending links and two-factor sign-ins name the member by id in `value`
        await tx.execute(sql`delete from verification where value = ${me}`);
        // per-member request counters (middleware/rate-limit.ts keys: '<name>:<member id>')
        await tx.execute(sql`delete from request_quota where right(key, ${me.length + 1}) = ${`:${me}`}`);
        await tx.execute(sql`delete from "user" where id = ${me}`);
        return files.rows.flatMap((f) => (f.thumbKey ? [f.storageKey, f.thumbKey] : [f.storageKey]));
      });
    },
  };
}
export type AccountDataRepository = ReturnType<typeof accountDataRepository>;
