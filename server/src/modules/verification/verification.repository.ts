import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { recordAudit } from '../../db/audit';
import { recordActivity } from '../activity/activity.public';
import { profiles, user, userVerifications, verificationBadges, verificationDecisions } from '../../db/schema/index';
import { pageSeenBy } from '../../db/visibility';

export type VerificationRow = typeof userVerifications.$inferSelect;
type NewVerification = typeof userVerifications.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The member's profile, under the alias the visibility rule (db/visibility.ts) reads. */
const p = alias(profiles, 'p');

/** What the service needs of a member's profile to take a request. */
export interface ProfileFacts {
  gender: string | null;
  relationshipStatus: string | null;
}

/** One decision, as the audit trail keeps it. */
export interface ModeratorAction {
  verificationId: string;
  /** the member whose verification it is */
  userId: string;
  moderatorId: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
}

/** The PostgreSQL error of a unique index (the one-pending-per-type rule). */
export const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

function queries(db: Db | Tx) {
  return {
    async profileFacts(userId: string): Promise<ProfileFacts | undefined> {
      const [row] = await db
        .select({ gender: profiles.gender, relationshipStatus: profiles.relationshipStatus })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return row;
    },
    async listOwn(userId: string): Promise<VerificationRow[]> {
      return db.select().from(userVerifications).where(eq(userVerifications.userId, userId)).orderBy(desc(userVerifications.createdAt));
    },
    async findById(id: string): Promise<VerificationRow | undefined> {
      const [row] = await db.select().from(userVerifications).where(eq(userVerifications.id, id));
      return row;
    },
    async insert(row: NewVerification): Promise<VerificationRow> {
      const [saved] = await db.insert(userVerifications).values(row).returning();
      return saved!;
    },
    /** The pending requests, oldest first, with who sent them. */
    async queue(limit: number) {
      return db
        .select({
          verification: userVerifications,
          username: profiles.username,
          displayName: profiles.displayName,
          avatarUrl: profiles.avatarUrl,
        })
        .from(userVerifications)
        .leftJoin(profiles, eq(profiles.userId, userVerifications.userId))
        .where(eq(userVerifications.status, 'pending'))
        .orderBy(asc(userVerifications.createdAt), asc(userVerifications.id))
        .limit(limit);
    },
    /** The request, locked until commit (two moderators deciding at once: the second waits, then sees it decided). */
    async lock(id: string): Promise<VerificationRow | undefined> {
      const [row] = await db.select().from(userVerifications).where(eq(userVerifications.id, id)).for('update');
      return row;
    },
    async setDecision(id: string, status: 'approved' | 'rejected', moderatorId: string, reason: string | null): Promise<VerificationRow> {
      const [row] = await db
        .update(userVerifications)
        .set({ status, reviewedBy: moderatorId, reviewedAt: sql`now()`, rejectionReason: reason })
        .where(eq(userVerifications.id, id))
        .returning();
      return row!;
    },
    /** The decision's row, and its entry in the moderators' audit log (recordModeratorAction is their only writer). */
    async insertDecision({ userId, ...action }: ModeratorAction) {
      await db.insert(verificationDecisions).values(action);
      await recordAudit(db, {
        actorId: action.moderatorId,
        action: action.decision === 'approved' ? 'verification_approved' : 'verification_rejected',
        targetUserId: userId,
        targetType: 'verification',
        targetId: action.verificationId,
        reason: action.reason,
      });
      // the member's notification, from the site (no actor: the moderator stays unnamed)
      await recordActivity(db, {
        recipientId: userId,
        actorId: null,
        type: 'verification',
        subject: { kind: 'verification', id: action.verificationId },
        detail: action.decision,
      });
    },
    async earnBadge(userId: string, badgeType: string, verificationId: string) {
      await db
        .insert(verificationBadges)
        .values({ userId, badgeType, verificationId })
        .onConflictDoUpdate({
          target: [verificationBadges.userId, verificationBadges.badgeType],
          set: { isActive: true, verificationId, earnedAt: sql`now()` },
        });
    },
    /** "user".verified: migration 0018's trigger copies it onto the profile. */
    async setVerified(userId: string) {
      await db.update(user).set({ verified: true }).where(eq(user.id, userId));
    },
    async setPremium(userId: string) {
      await db.update(profiles).set({ membershipType: 'premium' }).where(eq(profiles.userId, userId));
    },
    /**
     * The profile's verification_status (pending while any request is; else approved when any was;
     * else rejected; else not_started) and its copy of the active badges.
     */
    async refreshProfile(userId: string) {
      await db.execute(sql`
        update profiles set
          verification_status = coalesce((
            select case when bool_or(v.status = 'pending') then 'pending'
                        when bool_or(v.status = 'approved') then 'approved'
                        else 'rejected' end
            from user_verifications v where v.user_id = ${userId}), 'not_started'),
          badges = coalesce((
            select array_agg(b.badge_type order by b.badge_type)
            from verification_badges b where b.user_id = ${userId} and b.is_active), '{}'::text[]),
          updated_at = now()
        where user_id = ${userId}`);
    },
    async memberEmail(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
      return row?.email;
    },
    /** The facts the summary is made of (approved types, active badges, the account's tick). */
    async summaryFacts(userId: string) {
      const approved = await db
        .selectDistinct({ type: userVerifications.verificationType })
        .from(userVerifications)
        .where(and(eq(userVerifications.userId, userId), eq(userVerifications.status, 'approved')));
      const badges = await db
        .select({ badgeType: verificationBadges.badgeType })
        .from(verificationBadges)
        .where(and(eq(verificationBadges.userId, userId), eq(verificationBadges.isActive, true)))
        .orderBy(desc(verificationBadges.earnedAt));
      const [account] = await db.select({ verified: user.verified }).from(user).where(eq(user.id, userId));
      return { approvedTypes: approved.map((r) => r.type), badges: badges.map((b) => b.badgeType), verified: account?.verified ?? false };
    },
    /** Whether the member exists and the viewer may see their page (db/visibility.ts). */
    async memberSeenBy(memberId: string, viewerId: string): Promise<boolean> {
      const rows = await db
        .select({ id: user.id })
        .from(user)
        .leftJoin(p, eq(p.userId, user.id))
        .where(and(eq(user.id, memberId), pageSeenBy(viewerId, sql`${user.id}`)));
      return rows.length > 0;
    },
    async hasActiveBadge(userId: string, badgeType: string): Promise<boolean> {
      const rows = await db
        .select({ id: verificationBadges.id })
        .from(verificationBadges)
        .where(
          and(eq(verificationBadges.userId, userId), eq(verificationBadges.badgeType, badgeType), eq(verificationBadges.isActive, true)),
        );
      return rows.length > 0;
    },
  };
}

export function verificationRepository(db: Db) {
  return {
    ...queries(db),
    transaction<T>(fn: (tx: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx)));
    },
  };
}
export type VerificationRepository = ReturnType<typeof verificationRepository>;
export type VerificationQueries = ReturnType<typeof queries>;
