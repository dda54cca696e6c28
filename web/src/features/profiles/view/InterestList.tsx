import { Heart } from 'lucide-react';
import { optionLabel } from '@velvet/core/constants/options';

/** Interests as chips; the ones the viewer shares are highlighted and listed as 'You both like'. */
export function InterestList({ interests, shared }: { interests: string[]; shared: string[] }) {
  const both = new Set(shared);
  return (
    <div className="grid gap-3">
      {shared.length > 0 && (
        <p className="flex items-start gap-2 text-sm">
          <Heart aria-hidden size={16} className="mt-0.5 shrink-0 text-pink-300" />
          <span>
            <span className="font-semibold">You both like</span> {shared.map(optionLabel).join(', ')}
          </span>
        </p>
      )}
      <ul className="flex flex-wrap gap-2" aria-label="Interests">
        {interests.map((interest) => {
          const isShared = both.has(interest);
          return (
            <li
              key={interest}
              data-shared={isShared || undefined}
              className={`inline-flex min-h-8 items-center gap-1 rounded-full px-3 text-sm ${
                isShared ? 'bg-brand font-semibold text-white' : 'border border-line bg-raised text-ink'
              }`}
            >
              {isShared && <Heart aria-hidden size={14} className="fill-current" />}
              {optionLabel(interest)}
              {isShared && <span className="sr-only"> (you both like this)</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
