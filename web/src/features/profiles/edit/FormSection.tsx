import { useId, type ReactNode } from 'react';

/** A card of the edit form, titled unless its one field's label says it all. */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={title ? id : undefined} className="grid gap-4 rounded-2xl border border-line bg-card p-4">
      {title && (
        <h2 id={id} className="text-base font-semibold">
          {title}
        </h2>
      )}
      {children}
    </section>
  );
}
