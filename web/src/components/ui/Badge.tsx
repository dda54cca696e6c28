import type { ReactNode } from 'react';

/** A count or label badge; a count badge renders nothing for zero (numbers must be true). */
export function CountBadge({ count, label }: { count: number | undefined | null; label?: string }) {
  if (!count) return null;
  return (
    <span
      className="bg-brand inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-bold leading-5 text-white"
      aria-label={label ?? `${count}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function LabelBadge({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'muted' | 'success' }) {
  const tones = { brand: 'bg-brand text-white', muted: 'bg-raised text-muted', success: 'bg-success/20 text-success' };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}
