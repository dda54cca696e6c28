import type { ReactNode } from 'react';

interface Props {
  icon?: ReactNode;
  title: string;
  line?: string;
  action?: ReactNode;
  /** 1 when the empty state is the whole page (e.g. the 404 page), so the page has its h1. */
  headingLevel?: 1 | 2;
}

export function EmptyState({ icon, title, line, action, headingLevel = 2 }: Props) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="grid place-items-center gap-3 rounded-2xl border border-dashed border-line p-8 text-center">
      {icon && <div className="text-muted">{icon}</div>}
      <Heading className="text-lg font-semibold">{title}</Heading>
      {line && <p className="text-sm text-muted">{line}</p>}
      {action}
    </div>
  );
}
