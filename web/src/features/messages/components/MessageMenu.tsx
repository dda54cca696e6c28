import { useEffect, useId, useRef, useState } from 'react';
import { Flag, MoreVertical, Trash2 } from 'lucide-react';
import { messages } from '@velvet/core/messages';

/**
 * The menu on a message: delete on an own message (spec §2: each own message has a menu with
 * delete), report on one the other member sent.
 */
export function MessageMenu({ onDelete, onReport, disabled }: { onDelete?: () => void; onReport?: () => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
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
      className="relative"
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
        aria-label="Message options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        className="grid h-11 w-8 place-items-center rounded-lg text-muted hover:text-ink disabled:opacity-50"
      >
        <MoreVertical aria-hidden size={16} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          className="absolute right-0 top-10 z-10 min-w-32 rounded-xl border border-line bg-raised p-1 shadow-lg"
        >
          {onDelete && (
            <button
              ref={item}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                onDelete();
              }}
              className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-sm text-red-300 hover:bg-card"
            >
              <Trash2 aria-hidden size={16} /> Delete
            </button>
          )}
          {onReport && (
            <button
              ref={onDelete ? undefined : item}
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                onReport();
              }}
              className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-sm text-ink hover:bg-card"
            >
              <Flag aria-hidden size={16} /> {messages.moderation.reportAction}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
