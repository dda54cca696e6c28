import { useId, useState } from 'react';
import { Heart } from 'lucide-react';
import { buttonClass } from '../../../components/ui/Button';

/**
 * 'Liked You' (spec §2): how many members liked the member (Discover and member cards' Like),
 * counting only members they may see. `count` is undefined while it loads.
 */
export function LikedYou({ count }: { count: number | undefined }) {
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
          <span className="tabular-nums">{count ?? '–'}</span> {count === 1 ? 'like' : 'likes'} so far
        </p>
        <p className="mt-1 text-muted">
          {count
            ? 'Members who liked you in Discover or from your card. Like them back to make a match.'
            : 'Nobody has liked you yet. When members like you in Discover, they show here.'}
        </p>
      </div>
    </>
  );
}
