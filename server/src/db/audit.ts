import type { AUDIT_ACTIONS } from '@velvet/core/schemas/moderation.schema';
import type { Db } from './client';
import { moderationAudit } from './schema/index';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One moderator action, as the audit log keeps it (who, what, about whom, why). */
export interface AuditEntry {
  actorId: string;
  action: (typeof AUDIT_ACTIONS)[number];
  targetUserId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  reason?: string | null;
}

/**
 * Writes a moderator's action to the append-only audit log (moderation_audit, migration 0021), in the
 * caller's transaction when given one, so the action and its record are written together or not at
 * all. Every module whose moderators decide something (reports, verifications, club suggestions)
 * writes here; admins read it in /admin.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(moderationAudit).values(entry);
}
