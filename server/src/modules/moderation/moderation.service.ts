import { randomUUID } from 'node:crypto';
import { messages } from '@velvet/core/messages';
import { isAdmin } from '@velvet/core/constants/roles';
import {
  PHOTO_HOLD_REASONS,
  type AdminReport,
  type AuditEntry,
  type CreateReport,
  type ReportReason,
  type ReportTarget,
} from '@velvet/core/schemas/moderation.schema';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { noticeMail } from '../../mail/templates';
import { AppError } from '../../middleware/errors';
import type { Storage, StoredObject } from '../../storage/storage';
import { canView, type MediaService } from '../media/media.public';
import type { MessagesService } from '../messages/messages.public';
import type { MemberSummaryRow, ModerationRepository, ReportRow, ReporterTrust } from './moderation.repository';

const m = messages.moderation;
const targetNotFound = () => new AppError(404, 'TARGET_NOT_FOUND', m.targetNotFound);
const reportNotFound = () => new AppError(404, 'REPORT_NOT_FOUND', m.reportNotFound);
const alreadyDecided = () => new AppError(409, 'REPORT_DECIDED', m.reportDecided);
const memberNotFound = () => new AppError(404, 'MEMBER_NOT_FOUND', m.memberNotFound);

/** Where a reported photo's (or video's: its content type is kept) copy is kept: private (media's file route serves only media rows' keys). */
const keptPhotoKey = (reportId: string) => `reports/${reportId}.webp`;
/** Where the API serves a kept copy to moderators. */
export const keptPhotoUrl = (reportId: string) => `/api/v1/admin/reports/${reportId}/photo`;

export interface Actor {
  id: string;
  role?: string | null;
}

export interface ModerationServiceDeps {
  repo: ModerationRepository;
  storage: Storage;
  mailer: Mailer;
  siteName: string;
  log: Logger;
  media: Pick<MediaService, 'remove'>;
  messaging: Pick<MessagesService, 'delete'>;
  /**
   * Forgets a member's sessions in this process's cache (auth/session-cache.ts) once a change to
   * their account has committed, so their next request here sees it; other processes hear it from
   * the triggers' NOTIFY, which arrives after the answer to this request may already have.
   */
  forgetSessionsOf?: (userId: string) => void;
}

/**
 * One member's word never hides another's photo (DESIGN.md §7): an underage or non-consensual
 * report holds a photo back at once only from a trusted reporter (verified, an account older than
 * a week, no report dismissed in 90 days), or from the second reporter in good standing (the same
 * without the verification). Any other report waits in the queue with the photo still shown.
 */
export const REPORTER_TRUST: ReporterTrust = { accountDays: 7, dismissedWithinDays: 90 };

const summary = (row: MemberSummaryRow | undefined, id: string) =>
  row ?? { id, name: null, username: null, email: null, role: null, suspended: false };

/**
 * Reports and moderation (issue 16). Members report; moderators decide. Every moderator action is
 * written to the append-only audit log in the same transaction as the change it records.
 */
export function moderationService(deps: ModerationServiceDeps) {
  const { repo, storage, mailer, siteName, log } = deps;

  function mail(to: string | null | undefined, subject: string, heading: string, intro: string, footer?: string) {
    if (!to) return;
    mailer.sendLater({ to, subject, ...noticeMail({ siteName, heading, intro, footer }) });
  }

  /** Tells each reporter of these decided reports the outcome (by mail, after the response). */
  async function tellReporters(decided: ReportRow[], outcome: 'dismissed' | 'actioned') {
    const reporters = await repo.summaries(decided.map((r) => r.reporterId).filter((id): id is string => !!id));
    for (const r of decided) {
      const to = r.reporterId ? reporters.get(r.reporterId)?.email : null;
      mail(to, m.mailOutcomeSubject(siteName), m.mailOutcomeSubject(siteName), outcome === 'dismissed' ? m.mailDismissed : m.mailActioned);
    }
  }

  /** A member a moderator may act on: exists, not themself, not an admin. */
  async function actionable(actor: Actor, userId: string) {
    const target = await repo.findUserById(userId);
    if (!target) throw memberNotFound();
    if (target.id === actor.id) throw new AppError(403, 'SELF', m.notYourself);
    if (isAdmin(target.role)) throw new AppError(403, 'ADMIN', m.cannotModerateAdmin);
    return target;
  }

  /** The open report a member action decides, if one was named: it must be about that member. */
  async function openReportAbout(reportId: string | undefined, userId: string) {
    if (!reportId) return undefined;
    const report = await repo.findReport(reportId);
    if (!report || report.reportedUserId !== userId) throw reportNotFound();
    if (report.status !== 'open') throw alreadyDecided();
    return report;
  }

  return {
    /**
     * A member reports a member, a message they received or a photo they can see. The report keeps
     * a copy of the message text or the photo. A second report of the same item by the same member
     * while the first is open is that first one (200, not a new row). A photo is one the reporter
     * may see as it is (not a pay-per-view or premium original behind its preview, not one already
     * held). Underage and non-consensual reports hold it back from others until a moderator decides,
     * on a trusted reporter's word or a second independent one (REPORTER_TRUST).
     */
    async report(me: string, input: CreateReport): Promise<{ id: string; created: boolean }> {
      let reportedUserId: string;
      let keptText: string | null = null;
      let photoKey: string | null = null;
      if (input.targetType === 'member') {
        if (input.targetId === me) throw new AppError(400, 'SELF', m.self);
        const id = await repo.memberSeenBy(input.targetId, me);
        if (!id) throw targetNotFound();
        reportedUserId = id;
      } else if (input.targetType === 'message') {
        const found = await repo.messageReceivedBy(input.targetId, me);
        if (!found) throw targetNotFound();
        reportedUserId = found.senderId;
        keptText = found.content;
      } else {
        const found = await repo.photoSeenBy(input.targetId, me);
        if (!found || !canView(found, { id: me, premium: found.reporterPremium })) throw targetNotFound();
        if (found.ownerId === me) throw new AppError(400, 'SELF', m.self);
        reportedUserId = found.ownerId;
        photoKey = found.storageKey;
      }

      const id = randomUUID();
      let copyKey: string | null = null;
      if (photoKey) {
        // the copy first: a report about a photo always has it, even if the owner deletes the photo next;
        // streamed, as a video of up to 50 MB may be reported
        if (!(await storage.copy(photoKey, keptPhotoKey(id)))) throw targetNotFound();
        copyKey = keptPhotoKey(id);
      }
      const holdReason = input.targetType === 'photo' && PHOTO_HOLD_REASONS.includes(input.reason);
      let result: { row: ReportRow; created: boolean };
      try {
        result = await repo.transaction(async (tx) => {
          const saved = await tx.insertReport({
            id,
            reporterId: me,
            reportedUserId,
            targetType: input.targetType,
            targetId: input.targetId,
            reason: input.reason,
            details: input.details ?? null,
            keptText,
            keptPhotoKey: copyKey,
          });
          if (holdReason && saved.created) {
            const standing = await tx.reporterStanding(me, REPORTER_TRUST);
            const seconded =
              standing.good &&
              !standing.trusted &&
              (await tx.otherHoldingReporters(input.targetId, me, PHOTO_HOLD_REASONS, REPORTER_TRUST)) > 0;
            if (standing.trusted || seconded) await tx.setUnderReview(input.targetId, true);
          }
          return saved;
        });
      } catch (err) {
        if (copyKey) await storage.delete(copyKey).catch(() => undefined);
        throw err;
      }
      if (!result.created && copyKey)
        await storage.delete(copyKey).catch((err: unknown) => log.warn({ err }, 'could not delete a spare report copy'));
      return { id: result.row.id, created: result.created };
    },

    /** Open reports, oldest first, with what a decision needs. */
    async queue(limit = 100): Promise<AdminReport[]> {
      const rows = await repo.openReports(limit);
      const people = await repo.summaries(rows.flatMap((r) => [r.reportedUserId, ...(r.reporterId ? [r.reporterId] : [])]));
      const reported = rows.map((r) => r.reportedUserId);
      const [earlier, warnings, originals] = await Promise.all([
        repo.earlierReportCounts(reported),
        repo.warningCounts(reported),
        repo.originalsExisting(
          rows.filter((r) => r.targetType === 'message').map((r) => r.targetId),
          rows.filter((r) => r.targetType === 'photo').map((r) => r.targetId),
        ),
      ]);
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        reason: r.reason as ReportReason,
        details: r.details,
        targetType: r.targetType as ReportTarget,
        targetId: r.targetId,
        keptText: r.keptText,
        keptPhotoUrl: r.keptPhotoKey ? keptPhotoUrl(r.id) : null,
        originalExists: r.targetType === 'member' ? true : originals.has(r.targetId),
        reporter: r.reporterId ? summary(people.get(r.reporterId), r.reporterId) : null,
        reported: summary(people.get(r.reportedUserId), r.reportedUserId),
        earlierReports: (earlier.get(r.reportedUserId) ?? []).filter((e) => e.at < r.createdAt).length,
        warnings: warnings.get(r.reportedUserId) ?? 0,
      }));
    },

    /** The kept copy of a reported photo (moderators only: the route says so). */
    async keptPhoto(reportId: string): Promise<StoredObject> {
      const report = await repo.findReport(reportId);
      if (!report?.keptPhotoKey) throw reportNotFound();
      const object = await storage.get(report.keptPhotoKey);
      if (!object) throw reportNotFound();
      return object;
    },

    /** No breach: the report (and every open one about the same item) is closed; a held photo is shown again. */
    async dismiss(actor: Actor, reportId: string, reason: string) {
      const report = await repo.findReport(reportId);
      if (!report) throw reportNotFound();
      if (report.status !== 'open') throw alreadyDecided();
      const decided = await repo.transaction(async (tx) => {
        const rows = await tx.decide(report, 'dismissed', 'dismiss', actor.id);
        if (!rows.length) throw alreadyDecided();
        if (report.targetType === 'photo' && !(await tx.photoStillHeld(report.targetId, PHOTO_HOLD_REASONS)))
          await tx.setUnderReview(report.targetId, false);
        await tx.audit({
          actorId: actor.id,
          action: 'report_dismissed',
          targetUserId: report.reportedUserId,
          targetType: 'report',
          targetId: report.id,
          reason,
        });
        return rows;
      });
      await tellReporters(decided, 'dismissed');
    },

    /** Removes the reported message or photo (through its own module: files, live events), and decides the reports about it. */
    async removeContent(actor: Actor, reportId: string, reason: string) {
      const report = await repo.findReport(reportId);
      if (!report) throw reportNotFound();
      if (report.status !== 'open') throw alreadyDecided();
      if (report.targetType === 'member') throw new AppError(400, 'NOTHING_TO_REMOVE', m.nothingToRemove);
      const owner = await repo.findUserById(report.reportedUserId);
      try {
        if (report.targetType === 'message') await deps.messaging.delete(report.reportedUserId, report.targetId);
        else await deps.media.remove(report.reportedUserId, report.targetId);
      } catch (err) {
        // gone already (its owner deleted it): the decision still stands
        if (!(err instanceof AppError && err.status === 404)) throw err;
      }
      const decided = await repo.transaction(async (tx) => {
        const rows = await tx.decide(report, 'actioned', 'remove', actor.id);
        if (!rows.length) throw alreadyDecided();
        await tx.audit({
          actorId: actor.id,
          action: 'content_removed',
          targetUserId: report.reportedUserId,
          targetType: report.targetType,
          targetId: report.targetId,
          reason,
        });
        return rows;
      });
      mail(owner?.email, m.mailRemovedSubject(siteName), m.mailRemovedSubject(siteName), `${m.mailRemovedIntro} ${reason}`);
      await tellReporters(decided, 'actioned');
    },

    /** A recorded warning, mailed to the member; decides the report it answers, if named. */
    async warn(actor: Actor, userId: string, input: { reason: string; reportId?: string }) {
      const target = await actionable(actor, userId);
      const report = await openReportAbout(input.reportId, userId);
      const decided = await repo.transaction(async (tx) => {
        const rows = report ? await tx.decide(report, 'actioned', 'warn', actor.id) : [];
        if (report && !rows.length) throw alreadyDecided();
        await tx.audit({
          actorId: actor.id,
          action: 'member_warned',
          targetUserId: userId,
          targetType: 'member',
          targetId: userId,
          reason: input.reason,
        });
        return rows;
      });
      mail(target.email, m.mailWarnSubject(siteName), m.mailWarnSubject(siteName), `${m.mailWarnIntro} ${input.reason}`, m.mailWarnFooter);
      await tellReporters(decided, 'actioned');
    },

    /**
     * Suspends a member (better-auth's ban): every session ends at once (their sockets close as the
     * session triggers tell every process), sign-in is refused, and others no longer see them.
     */
    async suspend(actor: Actor, userId: string, input: { reason: string; reportId?: string }) {
      await actionable(actor, userId);
      const report = await openReportAbout(input.reportId, userId);
      const decided = await repo.transaction(async (tx) => {
        const rows = report ? await tx.decide(report, 'actioned', 'suspend', actor.id) : [];
        if (report && !rows.length) throw alreadyDecided();
        await tx.suspend(userId, input.reason);
        await tx.audit({
          actorId: actor.id,
          action: 'member_suspended',
          targetUserId: userId,
          targetType: 'member',
          targetId: userId,
          reason: input.reason,
        });
        return rows;
      });
      deps.forgetSessionsOf?.(userId);
      await tellReporters(decided, 'actioned');
    },

    async unsuspend(actor: Actor, userId: string, reason: string) {
      await actionable(actor, userId);
      await repo.transaction(async (tx) => {
        await tx.unsuspend(userId);
        await tx.audit({
          actorId: actor.id,
          action: 'suspension_lifted',
          targetUserId: userId,
          targetType: 'member',
          targetId: userId,
          reason,
        });
      });
      deps.forgetSessionsOf?.(userId);
    },

    suspended: async () => repo.suspendedMembers(200),

    /** An admin makes a member a moderator or back (admins themselves are named outside the app). */
    async setRole(actor: Actor, input: { email: string; role: 'user' | 'moderator'; reason: string }) {
      const target = await repo.findUserByEmail(input.email);
      if (!target) throw new AppError(404, 'NO_SUCH_ACCOUNT', m.noSuchAccount);
      await actionable(actor, target.id);
      await repo.transaction(async (tx) => {
        await tx.setRole(target.id, input.role);
        await tx.audit({
          actorId: actor.id,
          action: 'role_changed',
          targetUserId: target.id,
          targetType: 'member',
          targetId: target.id,
          reason: `${target.role ?? 'user'} → ${input.role}: ${input.reason}`,
        });
      });
      deps.forgetSessionsOf?.(target.id);
    },

    staff: () => repo.staff(),

    /** The audit log, newest first. */
    async auditLog(opts: { limit: number; before?: number }): Promise<{ items: AuditEntry[]; nextBefore: number | null }> {
      const rows = await repo.auditPage(opts.limit + 1, opts.before);
      const more = rows.length > opts.limit;
      const kept = more ? rows.slice(0, opts.limit) : rows;
      const people = await repo.summaries(kept.flatMap((r) => [r.actorId, ...(r.targetUserId ? [r.targetUserId] : [])]));
      return {
        items: kept.map((r) => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          actor: { id: r.actorId, name: people.get(r.actorId)?.name ?? null },
          action: r.action,
          targetUserId: r.targetUserId,
          targetName: r.targetUserId ? (people.get(r.targetUserId)?.name ?? null) : null,
          targetType: r.targetType,
          targetId: r.targetId,
          reason: r.reason,
        })),
        nextBefore: more ? kept.at(-1)!.id : null,
      };
    },
  };
}
export type ModerationService = ReturnType<typeof moderationService>;
