import { useId, useState } from 'react';
import { Heart } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';

/**
 * 'Liked You' (spec §2). Likes arrive with Discover; until then the true answer is nobody, so
 * the button opens a panel that says so rather than inventing admirers.
 */
export function LikedYou() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className={buttonClass('primary', 'flex-1')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <Heart aria-hidden size={16} /> Liked You
      </button>
      <div id={panelId} hidden={!open} className="basis-full rounded-2xl border border-line bg-card p-4 text-sm">
        <p className="font-semibold">
          <span className="tabular-nums">0</span> likes so far
        </p>
        <p className="mt-1 text-muted">Nobody has liked you yet. When members like you in Discover, they show here.</p>
      </div>
    </>
  );
}
