import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A member's verification requests (spec §3 User verification): the type, the form's fields, the
 * private photo (never in `media`, never on the public file path), and the moderator's decision.
 */
export const userVerifications = pgTable(
  'user_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** photo | couple | individual | model | vip */
    verificationType: text('verification_type').notNull(),
    /** the form's fields plus the photo's metadata (spec §3) */
    verificationData: jsonb('verification_data').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    photoKey: text('photo_key').notNull().unique(),
    rejectionReason: text('rejection_reason'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_verifications_user_idx').on(t.userId, t.createdAt),
    // the moderators' queue: pending, oldest first
    index('user_verifications_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('user_verifications_reviewed_by_idx').on(t.reviewedBy),
    // at most one request of a type under review per member (two submits racing cannot both land)
    uniqueIndex('user_verifications_one_pending_idx')
      .on(t.userId, t.verificationType)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Badges an approval earns (spec §3 Verification badge): one per member and type. */
export const verificationBadges = pgTable(
  'verification_badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** verified_couple | creator | exclusive | standard */
    badgeType: text('badge_type').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
    isActive: boolean('is_active').notNull().default(true),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => userVerifications.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('verification_badges_user_type_idx').on(t.userId, t.badgeType),
    index('verification_badges_verification_idx').on(t.verificationId),
  ],
);

/** Each moderator's decision on a verification (who, when, what, why): the audit trail of the queue. */
export const verificationDecisions = pgTable(
  'verification_decisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => userVerifications.id, { onDelete: 'cascade' }),
    /** the moderator; kept (as null) when their account goes */
    moderatorId: text('moderator_id').references(() => user.id, { onDelete: 'set null' }),
    /** approved | rejected */
    decision: text('decision').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_decisions_verification_idx').on(t.verificationId),
    index('verification_decisions_moderator_idx').on(t.moderatorId),
  ],
);
