import type { DiscoverStats } from '@velvet/core/schemas/discover.schema';
import { count } from '../../../lib/en-gb';

const tiles: { key: keyof DiscoverStats; label: string }[] = [
  { key: 'online', label: 'Online' },
  { key: 'verified', label: 'Verified' },
  { key: 'matches', label: 'Matches' },
  { key: 'views', label: 'Views' },
];

/** The stats row (spec §2): real counts; a dash until the first answer, never an invented number. */
export function StatsRow({ stats }: { stats: DiscoverStats | undefined }) {
  return (
    <dl className="grid grid-cols-4 gap-2" aria-label="Your stats">
      {tiles.map(({ key, label }) => (
        <div key={key} className="grid min-w-0 justify-items-center gap-0.5 rounded-2xl border border-line bg-card px-1 py-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-lg font-bold tabular-nums" data-stat={key}>
            {stats ? count(stats[key]) : '–'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
