import type { BadgeType } from '@velvet/core/constants/badges';
import type { VerificationSummary, VerificationType } from '@velvet/core/schemas/verification.schema';

/**
 * The trust score, 0-100 (docs/trust-score.md is its definition; this is its only computation).
 * Each kind of proof counts once: a verified photo 40, a verified identity (an approved individual,
 * model or VIP verification) 25, a verified couple 15, an approved creator 10, an approved VIP 10.
 */
export const TRUST_POINTS = { photo: 40, id: 25, couple: 15, creator: 10, vip: 10 } as const;

const ID_TYPES: readonly VerificationType[] = ['individual', 'model', 'vip'];

export function verificationSummary(facts: { approvedTypes: string[]; badges: string[]; verified: boolean }): VerificationSummary {
  const approved = new Set(facts.approvedTypes);
  const hasPhotoVerification = facts.verified || approved.has('photo');
  const hasIdVerification = ID_TYPES.some((t) => approved.has(t));
  const hasCoupleVerification = approved.has('couple');
  const trustScore =
    (hasPhotoVerification ? TRUST_POINTS.photo : 0) +
    (hasIdVerification ? TRUST_POINTS.id : 0) +
    (hasCoupleVerification ? TRUST_POINTS.couple : 0) +
    (approved.has('model') ? TRUST_POINTS.creator : 0) +
    (approved.has('vip') ? TRUST_POINTS.vip : 0);
  return {
    verified: facts.verified,
    hasPhotoVerification,
    hasIdVerification,
    hasCoupleVerification,
    verificationCount: approved.size,
    trustScore: Math.min(100, trustScore),
    badges: facts.badges as BadgeType[],
  };
}
