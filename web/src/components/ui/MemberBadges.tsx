import { BadgeCheck } from 'lucide-react';
import { BADGE_LABELS, type BadgeType } from '@velvet/core/constants/badges';
import { LabelBadge } from './Badge';

/** A verification badge (Verified Couple, Creator, Exclusive, Standard): earned on a moderator's approval. */
export function VerificationBadge({ type }: { type: BadgeType }) {
  return (
    <span className="inline-flex items-center gap-0.5 rounded-full bg-purple-950/90 px-2 py-0.5 text-xs font-semibold text-purple-100 ring-1 ring-purple-400/60">
      {BADGE_LABELS[type]}
    </span>
  );
}

/** The Online and Verified badges over a member's photo (member cards, the Discover card), and the verification badges. */
export function MemberBadges({ online, verified, badges = [] }: { online: boolean; verified: boolean; badges?: readonly BadgeType[] }) {
  return (
    <>
      {online && <LabelBadge tone="success">Online</LabelBadge>}
      {verified && (
        <span className="inline-flex items-center gap-0.5 rounded-full bg-purple-700 px-2 py-0.5 text-xs font-semibold text-white">
          <BadgeCheck aria-hidden size={12} /> Verified
        </span>
      )}
      {badges.map((b) => (
        <VerificationBadge key={b} type={b} />
      ))}
    </>
  );
}
