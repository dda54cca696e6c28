import { useEffect, useId, useRef, useState } from 'react';
import { Ban, MoreVertical } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { BlockMemberDialog, type BlockTarget } from './BlockMemberDialog';

/**
 * A member's "more" menu (a chat's header, a member card): Block member, which opens the block
 * dialog. Arrow-free one-item menu: Enter or Space opens it, the item takes focus, Escape closes.
 */
export function BlockMenu({ member, onBlocked, className = '' }: { member: BlockTarget; onBlocked?: () => void; className?: string }) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const item = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    item.current?.focus();
    const close = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div
      ref={root}
      className={`relative ${className}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-label={`More options for ${member.name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="grid h-11 w-11 place-items-center rounded-xl text-muted hover:bg-raised hover:text-ink"
      >
        <MoreVertical aria-hidden size={18} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 top-12 z-20 min-w-40 rounded-xl border border-line bg-raised p-1 shadow-lg"
        >
          <button
            ref={item}
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              setDialog(true);
            }}
            className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-sm text-red-300 hover:bg-card"
          >
            <Ban aria-hidden size={16} /> {messages.privacy.blockMember}
          </button>
        </div>
      )}
      <BlockMemberDialog member={member} open={dialog} onOpenChange={setDialog} onBlocked={onBlocked} />
    </div>
  );
}
