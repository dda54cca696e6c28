import { z } from 'zod';
import { messages } from '../messages';
import { text } from './text.schema';
import { userIdSchema, UUID_SHAPE, USER_ID_SHAPE } from './id.schema';

/** Why a member reports (the fixed list), with the words the report dialog shows. */
export const REPORT_REASONS = ['spam_or_scam', 'underage', 'non_consensual_image', 'harassment', 'fake_profile', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam_or_scam: 'Spam or scam',
  underage: 'Underage',
  non_consensual_image: 'Non-consensual or stolen image',
  harassment: 'Harassment',
  fake_profile: 'Fake profile',
  other: 'Other',
};
/** Reasons that hide a reported photo from everyone but its owner and moderators until reviewed. */
export const PHOTO_HOLD_REASONS: readonly ReportReason[] = ['underage', 'non_consensual_image'];

export const REPORT_TARGETS = ['member', 'message', 'photo'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_DETAILS_MAX = 1000;
export const MODERATOR_REASON_MAX = 500;

const targetIdShape: Record<ReportTarget, RegExp> = { member: USER_ID_SHAPE, message: UUID_SHAPE, photo: UUID_SHAPE };

/** What a member sends to report a member, a message or a photo (the dialog and POST /reports). */
export const createReportSchema = z
  .object({
    targetType: z.enum(REPORT_TARGETS, { error: messages.errors.badRequest }),
    targetId: z.string({ error: messages.errors.badRequest }),
    reason: z.enum(REPORT_REASONS, { error: messages.moderation.reasonRequired }),
    details: text()
      .trim()
      .max(REPORT_DETAILS_MAX, messages.moderation.detailsTooLong(REPORT_DETAILS_MAX))
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!targetIdShape[v.targetType].test(v.targetId))
      ctx.addIssue({
        code: 'custom',
        path: ['targetId'],
        message: v.targetType === 'member' ? messages.ids.member : v.targetType === 'photo' ? messages.ids.photo : messages.ids.message,
      });
  });
export type CreateReport = z.infer<typeof createReportSchema>;

export const reportReceiptSchema = z.object({ id: z.string(), created: z.boolean() }).meta({ id: 'ReportReceipt' });

/** A moderator's decision always says why (kept in the audit log). */
const moderatorReason = text({ error: messages.moderation.moderatorReasonRequired })
  .trim()
  .min(1, messages.moderation.moderatorReasonRequired)
  .max(MODERATOR_REASON_MAX, messages.moderation.moderatorReasonTooLong(MODERATOR_REASON_MAX));

export const moderatorDecisionSchema = z.object({ reason: moderatorReason }).strict();
/** Warn or suspend a member, optionally deciding the report that led to it. */
export const memberActionSchema = z
  .object({ reason: moderatorReason, reportId: z.string().regex(UUID_SHAPE, messages.errors.badRequest).optional() })
  .strict();
export const reportParamsSchema = z.object({ id: z.string().regex(UUID_SHAPE, messages.moderation.reportNotFound) });
export const adminMemberParamsSchema = z.object({ userId: userIdSchema });

/** Roles an admin may give here (admins are named by ADMIN_EMAILS or `npm run make-admin`). */
export const ASSIGNABLE_ROLES = ['user', 'moderator'] as const;
export const setRoleSchema = z
  .object({
    email: text().trim().toLowerCase().email(messages.signIn.invalidEmail).max(254),
    role: z.enum(ASSIGNABLE_ROLES, { error: messages.errors.badRequest }),
    reason: moderatorReason,
  })
  .strict();

const memberSummarySchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string().nullable(),
  suspended: z.boolean(),
});

/** One open report as a moderator sees it: everything a decision needs. */
export const adminReportSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    reason: z.enum(REPORT_REASONS),
    details: z.string().nullable(),
    targetType: z.enum(REPORT_TARGETS),
    targetId: z.string(),
    /** the reported message's text, as kept */
    keptText: z.string().nullable(),
    /** the reported photo, as kept (moderators only) */
    keptPhotoUrl: z.string().nullable(),
    /** whether the reported message or photo still exists */
    originalExists: z.boolean(),
    reporter: memberSummarySchema.nullable(),
    reported: memberSummarySchema,
    /** earlier reports about the reported member, and warnings they were given */
    earlierReports: z.number().int(),
    warnings: z.number().int(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsResponseSchema = z.object({ items: z.array(adminReportSchema) });

export const AUDIT_ACTIONS = [
  'report_dismissed',
  'content_removed',
  'member_warned',
  'member_suspended',
  'suspension_lifted',
  'role_changed',
  'verification_approved',
  'verification_rejected',
  'club_suggestion_approved',
  'club_suggestion_rejected',
] as const;
export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    actor: z.object({ id: z.string(), name: z.string().nullable() }),
    action: z.string(),
    targetUserId: z.string().nullable(),
    targetName: z.string().nullable(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  before: z.coerce.number({ error: messages.errors.badRequest }).int().positive().optional(),
  limit: z.coerce.number({ error: messages.errors.badRequest }).int().min(1).max(100).default(50),
});
export const auditResponseSchema = z.object({ items: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() });

export const moderatorsResponseSchema = z.object({ items: z.array(memberSummarySchema) });
export const doneResponseSchema = z.object({ ok: z.literal(true) });
