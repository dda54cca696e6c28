import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Ban, Flag, Flame, Heart, MessageCircle, Smile, UserPlus } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { buttonClass } from '../../../components/ui/Button';
import { BlockMemberDialog } from '../../../components/block/BlockMemberDialog';
import { ReportDialog } from '../../moderation/ReportDialog';

const PLANNED = [
  { label: 'Like', icon: Heart },
  { label: 'Wink', icon: Smile },
  { label: 'Friend', icon: UserPlus },
  { label: 'Hotlist', icon: Flame },
] as const;

/**
 * What a member can do about another: Message opens (or starts) the conversation; Report opens the
 * report dialog; Block asks for an optional reason, blocks, and leaves the page (the member is no
 * longer there to see). The actions that later work builds are shown so members know where they will
 * be, disabled and marked 'Coming soon': no button here pretends to do something.
 */
export function ActionBar({ name, userId }: { name: string; userId: string }) {
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="profile-actions" className="grid gap-3 rounded-2xl border border-line bg-card p-3">
      <h2 id="profile-actions" className="sr-only">
        Actions
      </h2>
      <Link to={`/messages/${encodeURIComponent(userId)}`} className={buttonClass('primary', 'w-full')}>
        <MessageCircle aria-hidden size={18} /> Message
        <span className="sr-only"> {name}</span>
      </Link>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" onClick={() => setReporting(true)} className={buttonClass('secondary')}>
          <Flag aria-hidden size={18} /> {messages.moderation.reportAction}
          <span className="sr-only"> {name}</span>
        </button>
        <button type="button" onClick={() => setBlocking(true)} className={buttonClass('secondary')}>
          <Ban aria-hidden size={18} /> {messages.privacy.block}
          <span className="sr-only"> {name}</span>
        </button>
      </div>
      <ReportDialog target={reporting ? { type: 'member', id: userId } : null} onClose={() => setReporting(false)} />
      <BlockMemberDialog
        member={{ userId, name }}
        open={blocking}
        onOpenChange={setBlocking}
        onBlocked={() => void navigate('/browse', { replace: true })}
      />
      <div className="grid gap-1">
        <p className="flex items-center justify-between text-xs text-muted">
          <span>More actions</span>
          <span className="rounded-full bg-raised px-2 py-0.5 font-medium">Coming soon</span>
        </p>
        <ul className="grid grid-cols-4 gap-1">
          {PLANNED.map(({ label, icon: Icon }) => (
            <li key={label}>
              <button
                type="button"
                disabled
                title={`${label}: coming soon`}
                className="flex min-h-12 w-full flex-col items-center justify-center gap-1 rounded-xl text-xs text-muted disabled:cursor-not-allowed"
              >
                <Icon aria-hidden size={20} />
                {label}
                <span className="sr-only"> {name}: coming soon</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
