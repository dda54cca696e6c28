import { index, pgTable, text, timestamp, uniqueIndex, uuid, bigserial } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth';

/**
 * Reports members make about a member, a message or a photo (issue "Trust and safety"). A report
 * keeps a copy of what was reported (the message text; the photo, copied in storage under a
 * private key) so a moderator can judge it after the original is deleted. The reporter may leave
 * (their id becomes null); the reported member's id is kept as text, with no cascade: what may be
 * kept about a deleted member is decided where accounts are deleted.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reportedUserId: text('reported_user_id').notNull(),
    /** member | message | photo */
    targetType: text('target_type').notNull(),
    /** the member's id, the message's or the photo's */
    targetId: text('target_id').notNull(),
    /** core/schemas/moderation.schema.ts REPORT_REASONS */
    reason: text('reason').notNull(),
    details: text('details'),
    /** the reported message's text as it was */
    keptText: text('kept_text'),
    /** the reported photo, copied under a private storage key (reports/…) */
    keptPhotoKey: text('kept_photo_key'),
    /** open | dismissed | actioned */
    status: text('status').notNull().default('open'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** what the moderator did (dismiss, remove, warn, suspend) */
    decision: text('decision'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one open report per reporter per item: a second one is the same report
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // the queue: open reports, oldest first
    index('reports_open_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_reported_user_idx').on(t.reportedUserId, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_decided_by_idx').on(t.decidedBy),
  ],
);

/**
 * Every moderator action: who, what, about whom, when, why. Append-only: triggers (migration 0021)
 * refuse UPDATE, DELETE and TRUNCATE. Ids are kept as text (no foreign keys) so the record outlives
 * the accounts it names.
 */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id').notNull(),
    /** core/schemas/moderation.schema.ts AUDIT_ACTIONS */
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    /** report | message | photo | member */
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // newest first is the primary key read backwards
  (t) => [index('moderation_audit_target_user_idx').on(t.targetUserId, t.action)],
);
