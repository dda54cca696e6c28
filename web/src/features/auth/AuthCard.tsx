import type { ReactNode } from 'react';
import { Logo } from '../../app/layout/Logo';

/** The bare frame of the sign-in and sign-up screens. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-md gap-6 pt-6">
      <div className="grid place-items-center text-center">
        <Logo />
      </div>
      <section className="grid gap-5 rounded-2xl border border-line bg-card p-5 shadow-xl">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
      </section>
      {footer && <div className="text-center text-sm text-muted">{footer}</div>}
    </div>
  );
}
