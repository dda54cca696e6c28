import type { ReactNode } from 'react';

/** Label and value rows; an empty value reads 'Not set' rather than leaving a gap. */
export function InfoList({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-line">
      {rows.map(({ label, value }) => (
        <div key={label} className="grid grid-cols-[7.5rem_1fr] gap-3 py-2.5 text-sm first:pt-0 last:pb-0">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value === null || value === '' ? <span className="text-muted">Not set</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
