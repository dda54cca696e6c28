import { BadgeCheck } from 'lucide-react';
import { LabelBadge } from './Badge';

/** The Online and Verified badges over a member's photo (member cards, the Discover card). */
export function MemberBadges({ online, verified }: { online: boolean; verified: boolean }) {
  return (
    <>
      {online && <LabelBadge tone="success">Online</LabelBadge>}
      {verified && (
        <span className="inline-flex items-center gap-0.5 rounded-full bg-purple-700 px-2 py-0.5 text-xs font-semibold text-white">
          <BadgeCheck aria-hidden size={12} /> Verified
        </span>
      )}
    </>
  );
}
