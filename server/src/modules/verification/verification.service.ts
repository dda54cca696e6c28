import { randomUUID } from 'node:crypto';
import { canModerate } from '@velvet/core/constants/roles';
import { messages } from '@velvet/core/messages';
import { withoutNul } from '@velvet/core/schemas/text.schema';
import {
  BADGE_FOR_TYPE,
  VERIFICATION_FORM_SCHEMAS,
  VERIFICATION_IMAGE_TYPES,
  VERIFICATION_TYPE_LABELS,
  type MyVerificationsResponse,
  type QueueItem,
  type Verification,
  type VerificationSummary,
  type VerificationType,
} from '@velvet/core/schemas/verification.schema';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { actionMail } from '../../mail/templates';
import { AppError } from '../../middleware/errors';
import { processImage } from '../../images/process-image';
import type { Storage, StoredObject } from '../../storage/storage';
import {
  isUniqueViolation,
  type ModeratorAction,
  type VerificationQueries,
  type VerificationRepository,
  type VerificationRow,
} from './verification.repository';
import { verificationSummary } from './verification.trust';

const m = messages.verification;
const notFound = () => new AppError(404, 'NOT_FOUND', m.notFound);
/** Private: the member's own and the moderators' only, never cached by anyone in between. */
export const VERIFICATION_PHOTO_CACHE_CONTROL = 'private, no-store';
const QUEUE_LIMIT = 50;

/** The stored form: the fields as typed, and the photo's metadata (spec §3). */
interface StoredData {
  fields: Record<string, string | number>;
  photo: { fileName: string; fileSize: number; fileType: string };
  submittedAt: string;
}

/** spec §6: the couple option is for couples (a couple relationship status, or a couple's gender). */
export const coupleAllowed = (facts: { gender: string | null; relationshipStatus: string | null } | undefined) =>
  !!facts && (!!facts.gender?.includes('couple') || !!facts.relationshipStatus?.includes('couple'));

export const photoUrl = (id: string) => `/api/v1/verifications/${id}/photo`;

function toDto(row: VerificationRow): Verification {
  return {
    id: row.id,
    type: row.verificationType as VerificationType,
    status: row.status as Verification['status'],
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    photoUrl: photoUrl(row.id),
  };
}

/**
 * The one way a moderator's decision reaches the audit trail: verification_decisions and the
 * moderators' audit log (db/audit.ts), written in the decision's own transaction.
 */
export async function recordModeratorAction(tx: Pick<VerificationQueries, 'insertDecision'>, action: ModeratorAction) {
  await tx.insertDecision(action);
}

export interface VerificationServiceDeps {
  repo: VerificationRepository;
  storage: Storage;
  mailer: Mailer;
  log: Logger;
  siteName: string;
  publicUrl: string;
}

export interface Submission {
  type: VerificationType;
  /** the fields as the form sent them (JSON), checked here with the type's shared schema */
  fields: unknown;
  file: { name: string; bytes: Buffer };
}

export function verificationService({ repo, storage, mailer, log, siteName, publicUrl }: VerificationServiceDeps) {
  async function summaryOf(userId: string): Promise<VerificationSummary> {
    return verificationSummary(await repo.summaryFacts(userId));
  }

  function tellMember(email: string | undefined, row: VerificationRow) {
    if (!email) return;
    const label = VERIFICATION_TYPE_LABELS[row.verificationType as VerificationType].toLowerCase();
    const approved = row.status === 'approved';
    const { text, html } = actionMail({
      siteName,
      heading: approved ? m.approvedTitle : m.rejectedTitle,
      intro: approved ? m.mail.approvedIntro(label) : m.mail.rejectedIntro(label, row.rejectionReason ?? ''),
      action: m.mail.action,
      url: new URL('/verification', publicUrl).toString(),
      footer: m.mail.footer,
    });
    mailer.sendLater({ to: email, subject: approved ? m.mail.approvedSubject(label) : m.mail.rejectedSubject(label), text, html });
  }

  return {
    /** The member's requests (newest first), their summary, and whether the couple option is theirs. */
    async mine(userId: string): Promise<MyVerificationsResponse> {
      const [rows, summary, facts] = await Promise.all([repo.listOwn(userId), summaryOf(userId), repo.profileFacts(userId)]);
      return { verifications: rows.map(toDto), summary, coupleAllowed: coupleAllowed(facts) };
    },

    /** Another member's summary, when the viewer may see their page (404 otherwise, as for the page). */
    async summaryFor(memberId: string, viewerId: string): Promise<VerificationSummary> {
      if (!(await repo.memberSeenBy(memberId, viewerId))) throw new AppError(404, 'PROFILE_NOT_FOUND', messages.profile.notFound);
      return summaryOf(memberId);
    },

    /**
     * A new request: checked (fields, the couple rule, one under review per type), the photo
     * re-encoded with no metadata and stored privately, then the request and the profile's status
     * (pending) written together. Nothing else changes until a moderator decides.
     */
    async submit(userId: string, submission: Submission): Promise<Verification> {
      const facts = await repo.profileFacts(userId);
      if (!facts) throw new AppError(409, 'PROFILE_REQUIRED', m.profileRequired);
      const parsed = VERIFICATION_FORM_SCHEMAS[submission.type].safeParse(submission.fields);
      if (!parsed.success) {
        const details: Record<string, string> = {};
        for (const issue of parsed.error.issues) details[issue.path.join('.') || '_'] ??= issue.message;
        throw new AppError(400, 'VALIDATION_FAILED', parsed.error.issues[0]?.message ?? m.badFields, details);
      }
      if (submission.type === 'couple' && !coupleAllowed(facts)) throw new AppError(403, 'COUPLE_ONLY', m.coupleOnly);
      const own = await repo.listOwn(userId);
      if (own.some((r) => r.verificationType === submission.type && r.status === 'pending'))
        throw new AppError(409, 'ALREADY_PENDING', m.alreadyPending);
      if (own.some((r) => r.verificationType === submission.type && r.status === 'approved'))
        throw new AppError(409, 'ALREADY_APPROVED', m.alreadyApproved);

      const image = await processImage(submission.file.bytes, {
        types: VERIFICATION_IMAGE_TYPES,
        invalid: () => new AppError(400, 'INVALID_IMAGE', m.notImage),
        tooLarge: () => new AppError(413, 'IMAGE_TOO_LARGE', m.tooLarge),
      });
      const key = `${userId}/verification_${randomUUID()}.webp`;
      await storage.put(key, image.main.buffer, { contentType: image.main.contentType });

      const data: StoredData = {
        fields: Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined && v !== '')),
        photo: {
          fileName: withoutNul(submission.file.name).slice(0, 200),
          fileSize: submission.file.bytes.length,
          fileType: image.main.contentType,
        },
        submittedAt: new Date().toISOString(),
      };
      try {
        const row = await repo.transaction(async (tx) => {
          const saved = await tx.insert({ userId, verificationType: submission.type, verificationData: data, photoKey: key });
          await tx.refreshProfile(userId);
          return saved;
        });
        return toDto(row);
      } catch (err) {
        await storage.delete(key).catch((e: unknown) => log.warn({ err: e, key }, 'could not delete a verification photo'));
        if (isUniqueViolation(err)) throw new AppError(409, 'ALREADY_PENDING', m.alreadyPending);
        throw err;
      }
    },

    /** The private photo: its owner's and the moderators' only; anyone else is told there is none. */
    async photo(viewer: { id: string; role?: string | null }, id: string): Promise<StoredObject> {
      const row = await repo.findById(id);
      if (!row || (row.userId !== viewer.id && !canModerate(viewer.role))) throw notFound();
      const object = await storage.get(row.photoKey);
      if (!object) throw notFound();
      return object;
    },

    /** The moderators' queue: pending requests, oldest first, with what a decision needs. */
    async queue(): Promise<QueueItem[]> {
      const rows = await repo.queue(QUEUE_LIMIT);
      return rows.map(({ verification: v, username, displayName, avatarUrl }) => ({
        id: v.id,
        type: v.verificationType as VerificationType,
        createdAt: v.createdAt.toISOString(),
        member: { userId: v.userId, username, displayName, avatarUrl },
        fields: (v.verificationData as StoredData).fields,
        photoUrl: photoUrl(v.id),
      }));
    },

    /**
     * A moderator's decision, all or nothing: the request's status, the audit record and, on
     * approval, what it earns (photo: the account's Verified tick; couple, individual, model, vip:
     * their badge; vip also premium membership), then the profile's status and badges. The member
     * is told by mail.
     */
    async decide(moderatorId: string, id: string, decision: 'approved' | 'rejected', reason: string | null): Promise<Verification> {
      const { row, email } = await repo.transaction(async (tx) => {
        const found = await tx.lock(id);
        if (!found) throw notFound();
        if (found.status !== 'pending') throw new AppError(409, 'ALREADY_DECIDED', m.alreadyDecided);
        const decided = await tx.setDecision(id, decision, moderatorId, decision === 'rejected' ? reason : null);
        await recordModeratorAction(tx, {
          verificationId: id,
          userId: found.userId,
          moderatorId,
          decision,
          reason: decision === 'rejected' ? reason : null,
        });
        if (decision === 'approved') {
          const type = found.verificationType as VerificationType;
          if (type === 'photo') await tx.setVerified(found.userId);
          const badge = BADGE_FOR_TYPE[type];
          if (badge) await tx.earnBadge(found.userId, badge, id);
          if (type === 'vip') await tx.setPremium(found.userId);
        }
        await tx.refreshProfile(found.userId);
        return { row: decided, email: await tx.memberEmail(found.userId) };
      });
      tellMember(email, row);
      return toDto(row);
    },

    /**
     * For publishing premium or paid content: only a member with an approved model/creator
     * verification (an active Creator badge) may; everyone else gets 403.
     */
    async requireApprovedCreator(userId: string): Promise<void> {
      if (!(await repo.hasActiveBadge(userId, 'creator'))) throw new AppError(403, 'CREATOR_NOT_APPROVED', m.creatorRequired);
    },
  };
}
export type VerificationService = ReturnType<typeof verificationService>;
