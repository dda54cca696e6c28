import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from './client';
import { user } from './schema/index';

/**
 * Makes the accounts with these addresses admins (ADMIN_EMAILS at every start; `npm run make-admin`):
 * the ids of the accounts that changed. Addresses with no account yet become admins at sign-up
 * (auth/auth.ts). The change reaches signed-in sessions at once (migration 0011's triggers).
 */
export async function makeAdmins(db: Db, emails: string[]): Promise<string[]> {
  const wanted = emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  if (!wanted.length) return [];
  const rows = await db
    .update(user)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(inArray(sql`lower(${user.email})`, wanted), ne(sql`coalesce(${user.role}, 'user')`, 'admin')))
    .returning({ id: user.id });
  return rows.map((r) => r.id);
}

/** Whether an account has this address. */
export async function accountExists(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.trim().toLowerCase()}`);
  return rows.length > 0;
}
