import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { recordActivity } from '../activity/activity.public';
import { media, messages, moderationAudit, profiles, reports, session, user } from '../../db/schema/index';
import { isPremiumMember, pageSeenBy } from '../../db/visibility';
import { mediaFileUrl } from '../media/media.public';

export type ReportRow = typeof reports.$inferSelect;

/** What the product asks of a reporter before their word alone holds someone else's photo back. */
export interface ReporterTrust {
  accountDays: number;
  dismissedWithinDays: number;
}

/** The open reports of a photo for a reason that holds it back. */
const openReportsHolding = (photoId: string, reasons: readonly string[]) =>
  and(eq(reports.targetType, 'photo'), eq(reports.targetId, photoId), eq(reports.status, 'open'), inArray(reports.reason, [...reasons]));

/** `user`'s account is old enough and none of its reports was dismissed lately (see reporterStanding). */
const goodStanding = (trust: ReporterTrust) =>
  // "user" written out: drizzle leaves a column unqualified in a one-table select, where the subquery's own id would shadow it
  sql<boolean>`("user".created_at < now() - make_interval(days => ${trust.accountDays}::int) and not exists (
    select 1 from ${reports} dismissed where dismissed.reporter_id = "user".id and dismissed.status = 'dismissed'
      and dismissed.decided_at > now() - make_interval(days => ${trust.dismissedWithinDays}::int)))`;
export type NewReport = typeof reports.$inferInsert;
export type AuditRow = typeof moderationAudit.$inferSelect;
export type NewAudit = typeof moderationAudit.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The profile under the alias the visibility rules (db/visibility.ts) read. */
const p = alias(profiles, 'p');

export interface MemberSummaryRow {
  id: string;
  name: string | null;
  username: string | null;
  email: string | null;
  role: string | null;
  suspended: boolean;
}

function queries(db: Db | Tx) {
  async function summaries(ids: string[]): Promise<Map<string, MemberSummaryRow>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({
        id: user.id,
        name: sql<string | null>`coalesce(${profiles.displayName}, ${user.name})`,
        username: profiles.username,
        email: user.email,
        role: user.role,
        suspended: sql<boolean>`coalesce(${user.banned}, false)`,
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(inArray(user.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  return {
    summaries,

    /** A member `me` may see (their page, db/visibility.ts): the id, or undefined. */
    async memberSeenBy(memberId: string, me: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .leftJoin(p, eq(p.userId, user.id))
        .where(and(eq(user.id, memberId), pageSeenBy(me, sql`${user.id}`)));
      return row?.id;
    },

    /** A message `me` received: its sender and text (one may report only what one was sent). */
    async messageReceivedBy(messageId: string, me: string) {
      const [row] = await db
        .select({ senderId: messages.senderId, content: messages.content })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.receiverId, me)));
      return row;
    },

    /** A photo or video (avatar, cover, gallery, creator content) of a member `me` may see: its owner and stored key. */
    async photoSeenBy(photoId: string, me: string) {
      const [row] = await db
        .select({
          ownerId: media.ownerId,
          storageKey: media.storageKey,
          kind: media.kind,
          visibility: media.visibility,
          underReview: media.underReview,
          previewKey: media.previewKey,
          reporterPremium: isPremiumMember(me),
        })
        .from(media)
        .leftJoin(p, eq(p.userId, media.ownerId))
        .where(
          and(eq(media.id, photoId), inArray(media.kind, ['avatar', 'cover', 'gallery', 'content']), pageSeenBy(me, sql`${media.ownerId}`)),
        );
      return row;
    },

    /** Stores a report unless the reporter already has an open one about this item: then that one. */
    async insertReport(values: NewReport): Promise<{ row: ReportRow; created: boolean }> {
      const [row] = await db
        .insert(reports)
        .values(values)
        .onConflictDoNothing({
          target: [reports.reporterId, reports.targetType, reports.targetId],
          where: sql`${reports.status} = 'open'`,
        })
        .returning();
      if (row) return { row, created: true };
      const [existing] = await db
        .select()
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, values.reporterId!),
            eq(reports.targetType, values.targetType),
            eq(reports.targetId, values.targetId),
            eq(reports.status, 'open'),
          ),
        );
      return { row: existing!, created: false };
    },

    /**
     * A reporter's standing: in good standing when their account is older than `trust.accountDays`
     * and no report of theirs was dismissed in the last `trust.dismissedWithinDays`; trusted when
     * also verified (a moderator approved their photo verification).
     */
    async reporterStanding(me: string, trust: ReporterTrust): Promise<{ good: boolean; trusted: boolean }> {
      const [row] = await db
        .select({ good: goodStanding(trust), verified: user.verified })
        .from(user)
        .where(eq(user.id, me));
      return { good: row?.good === true, trusted: row?.good === true && row.verified };
    },

    /**
     * Other members in good standing with an open report of this item for a reason that holds it.
     * The item's row is locked first, so two reports arriving together count each other.
     */
    async otherHoldingReporters(photoId: string, me: string, reasons: readonly string[], trust: ReporterTrust): Promise<number> {
      await db.select({ id: media.id }).from(media).where(eq(media.id, photoId)).for('update');
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${reports.reporterId})::int` })
        .from(reports)
        .innerJoin(user, eq(user.id, reports.reporterId))
        .where(and(openReportsHolding(photoId, reasons), sql`${reports.reporterId} <> ${me}`, goodStanding(trust)));
      return row?.n ?? 0;
    },

    /**
     * Holds a photo back for review, or shows it again. A held avatar or cover also leaves the
     * profile (every card and page reads the profile's column, not the photo row); released, it goes
     * back unless the owner has chosen another meanwhile.
     */
    async setUnderReview(photoId: string, underReview: boolean) {
      const [photo] = await db.update(media).set({ underReview }).where(eq(media.id, photoId)).returning();
      if (!photo || (photo.kind !== 'avatar' && photo.kind !== 'cover')) return;
      const column = photo.kind === 'avatar' ? profiles.avatarUrl : profiles.coverPhotoUrl;
      const url = mediaFileUrl(photo.storageKey);
      await db
        .update(profiles)
        .set({ [photo.kind === 'avatar' ? 'avatarUrl' : 'coverPhotoUrl']: underReview ? null : url, updatedAt: new Date() })
        .where(and(eq(profiles.userId, photo.ownerId), underReview ? eq(column, url) : isNull(column)));
    },

    /** Whether open reports still hold this photo back (a reason that hides it). */
    async photoStillHeld(photoId: string, reasons: readonly string[]): Promise<boolean> {
      const [row] = await db.select({ id: reports.id }).from(reports).where(openReportsHolding(photoId, reasons)).limit(1);
      return Boolean(row);
    },

    async findReport(id: string): Promise<ReportRow | undefined> {
      const [row] = await db.select().from(reports).where(eq(reports.id, id));
      return row;
    },

    /** Open reports, oldest first. */
    async openReports(limit: number): Promise<ReportRow[]> {
      return db.select().from(reports).where(eq(reports.status, 'open')).orderBy(asc(reports.createdAt), asc(reports.id)).limit(limit);
    },

    /** Per reported member: how many reports about them came before `before` (any status). */
    async earlierReportCounts(memberIds: string[]): Promise<Map<string, { at: Date }[]>> {
      if (!memberIds.length) return new Map();
      const rows = await db
        .select({ memberId: reports.reportedUserId, at: reports.createdAt })
        .from(reports)
        .where(inArray(reports.reportedUserId, [...new Set(memberIds)]));
      const out = new Map<string, { at: Date }[]>();
      for (const r of rows) out.set(r.memberId, [...(out.get(r.memberId) ?? []), { at: r.at }]);
      return out;
    },

    async warningCounts(memberIds: string[]): Promise<Map<string, number>> {
      if (!memberIds.length) return new Map();
      const rows = await db
        .select({ memberId: moderationAudit.targetUserId, n: sql<number>`count(*)::int` })
        .from(moderationAudit)
        .where(and(inArray(moderationAudit.targetUserId, [...new Set(memberIds)]), eq(moderationAudit.action, 'member_warned')))
        .groupBy(moderationAudit.targetUserId);
      return new Map(rows.map((r) => [r.memberId!, Number(r.n)]));
    },

    async originalsExisting(messageIds: string[], photoIds: string[]): Promise<Set<string>> {
      const found = new Set<string>();
      if (messageIds.length)
        for (const r of await db.select({ id: messages.id }).from(messages).where(inArray(messages.id, messageIds))) found.add(r.id);
      if (photoIds.length)
        for (const r of await db.select({ id: media.id }).from(media).where(inArray(media.id, photoIds))) found.add(r.id);
      return found;
    },

    /**
     * Decides every open report about one item (or the one report, for a member): the rows decided.
     * Nothing when it was decided meanwhile.
     */
    async decide(report: ReportRow, status: 'dismissed' | 'actioned', decision: string, by: string): Promise<ReportRow[]> {
      const sameItem =
        report.targetType === 'member'
          ? eq(reports.id, report.id)
          : or(eq(reports.id, report.id), and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId)));
      const decided = await db
        .update(reports)
        .set({ status, decision, decidedBy: by, decidedAt: new Date() })
        .where(and(sameItem, eq(reports.status, 'open')))
        .returning();
      // each reporter is told the outcome in their notifications, by the site (the moderator stays unnamed)
      for (const r of decided)
        if (r.reporterId)
          await recordActivity(db, {
            recipientId: r.reporterId,
            actorId: null,
            type: 'report',
            subject: { kind: 'report', id: r.id },
            detail: status,
          });
      return decided;
    },

    async audit(values: NewAudit) {
      await db.insert(moderationAudit).values(values);
    },

    /** The audit log, newest first, a page at a time (keyset on the id). */
    async auditPage(limit: number, before?: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(moderationAudit)
        .where(before ? lt(moderationAudit.id, before) : undefined)
        .orderBy(desc(moderationAudit.id))
        .limit(limit);
    },

    async findUserById(id: string) {
      const [row] = await db
        .select({ id: user.id, email: user.email, role: user.role, banned: user.banned })
        .from(user)
        .where(eq(user.id, id));
      return row;
    },

    async findUserByEmail(email: string) {
      const [row] = await db
        .select({ id: user.id, email: user.email, role: user.role })
        .from(user)
        .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
      return row;
    },

    /** better-auth's admin-plugin ban, done here: the flag, the reason, and every session ended at once. */
    async suspend(userId: string, reason: string) {
      await db.update(user).set({ banned: true, banReason: reason, banExpires: null, updatedAt: new Date() }).where(eq(user.id, userId));
      await db.delete(session).where(eq(session.userId, userId));
    },

    async unsuspend(userId: string) {
      await db.update(user).set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() }).where(eq(user.id, userId));
    },

    async setRole(userId: string, role: string) {
      await db.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
    },

    async staff(): Promise<MemberSummaryRow[]> {
      const ids = await db
        .select({ id: user.id })
        .from(user)
        .where(inArray(user.role, ['moderator', 'admin']))
        .orderBy(asc(user.email));
      const byId = await summaries(ids.map((r) => r.id));
      return ids.map((r) => byId.get(r.id)!);
    },

    async suspendedMembers(limit: number): Promise<MemberSummaryRow[]> {
      const ids = await db.select({ id: user.id }).from(user).where(eq(user.banned, true)).orderBy(asc(user.email)).limit(limit);
      const byId = await summaries(ids.map((r) => r.id));
      return ids.map((r) => byId.get(r.id)!);
    },
  };
}

export type ModerationQueries = ReturnType<typeof queries>;

export function moderationRepository(db: Db) {
  return {
    ...queries(db),
    /**
     * Erases what was kept about accounts that no longer exist, once it is older than `days`: the
     * reports about them and the log entries about them (the log's trigger lets this one statement
     * through, migration 0044). Returns the storage keys of the copies those reports held.
     */
    async eraseDeletedAccountRecords(days: number): Promise<string[]> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('velvet.retention_sweep', 'on', true)`);
        const erased = await tx
          .delete(reports)
          .where(
            and(
              sql`${reports.createdAt} < now() - make_interval(days => ${days}::int)`,
              sql`not exists (select 1 from "user" u where u.id = ${reports.reportedUserId})`,
            ),
          )
          .returning({ keptPhotoKey: reports.keptPhotoKey });
        await tx
          .delete(moderationAudit)
          .where(
            and(
              sql`${moderationAudit.createdAt} < now() - make_interval(days => ${days}::int)`,
              sql`${moderationAudit.targetUserId} is not null`,
              sql`not exists (select 1 from "user" u where u.id = ${moderationAudit.targetUserId})`,
            ),
          );
        return erased.map((r) => r.keptPhotoKey).filter((key): key is string => key !== null);
      });
    },

    /** Runs fn in one transaction: all of it is written, or none. */
    transaction<T>(fn: (tx: ModerationQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx)));
    },
  };
}
export type ModerationRepository = ReturnType<typeof moderationRepository>;
