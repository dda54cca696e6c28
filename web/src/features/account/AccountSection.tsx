import type { ReactNode } from 'react';
import { Card } from '../../components/ui/Card';

/** One card of the account screen: an icon, a heading, an optional status and a line of context. */
export function AccountSection({
  id,
  icon,
  title,
  status,
  description,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  status?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId}>
      <Card className="grid gap-4">
        <div className="grid gap-1">
          <div className="flex items-center gap-3">
            <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-raised text-pink-300" aria-hidden>
              {icon}
            </span>
            <h2 id={headingId} className="min-w-0 flex-1 text-lg font-semibold">
              {title}
            </h2>
            {status}
          </div>
          {description && <p className="text-sm text-muted">{description}</p>}
        </div>
        {children}
      </Card>
    </section>
  );
}

/** A form-level error, announced to screen readers. */
export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm">
      {message}
    </p>
  );
}
