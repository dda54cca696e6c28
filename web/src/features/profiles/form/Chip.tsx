import type { ReactNode } from 'react';
import { Check } from 'lucide-react';

interface ChipProps {
  selected: boolean;
  disabled?: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A toggle chip (a button with aria-pressed), 44 px tall like every control. */
export function Chip({ selected, disabled = false, onToggle, children }: ChipProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border px-4 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-50 ${
        selected ? 'border-transparent bg-brand text-white' : 'border-line bg-raised text-ink hover:border-brand-pink'
      }`}
    >
      {selected && <Check aria-hidden size={16} />}
      {children}
    </button>
  );
}
