/** The member's counts. Only true numbers: features not built yet count 0 until they land. */
export function OwnStats({ stats }: { stats: { label: string; value: number | null }[] }) {
  return (
    <dl className="grid grid-cols-5 gap-1 rounded-2xl border border-line bg-card px-1 py-3 text-center">
      {stats.map(({ label, value }) => (
        <div key={label} className="grid content-start gap-0.5">
          <dt className="order-2 text-[11px] leading-tight text-muted">{label}</dt>
          <dd className="order-1 text-lg font-bold tabular-nums">{value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
