import { useId } from 'react';
import { CREATOR_TYPES } from '@velvet/core/constants/options';
import { Chip } from './Chip';
import { labelFor } from './labels';

type CreatorType = (typeof CREATOR_TYPES)[number];

interface Props {
  creator: boolean;
  types: readonly string[];
  onChange: (next: { creator: boolean; types: CreatorType[] }) => void;
  error?: string;
}

/**
 * Content-creator mode (spec §4): on adds the content-creator tag, off removes every creator tag
 * (the chosen types go with it).
 */
export function CreatorToggle({ creator, types, onChange, error }: Props) {
  const id = useId();
  const chosen = types.filter((t): t is CreatorType => (CREATOR_TYPES as readonly string[]).includes(t));
  const toggleType = (type: CreatorType) =>
    onChange({ creator: true, types: chosen.includes(type) ? chosen.filter((t) => t !== type) : [...chosen, type] });

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <span id={`${id}-label`} className="text-sm font-medium">
            Content creator
          </span>
          <span id={`${id}-hint`} className="text-xs text-muted">
            Share paid or premium photos and videos
          </span>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={creator}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          onClick={() => onChange(creator ? { creator: false, types: [] } : { creator: true, types: chosen })}
          className="grid min-h-11 min-w-14 shrink-0 place-items-center rounded-full"
        >
          <span
            aria-hidden
            className={`relative block h-7 w-12 rounded-full border transition ${creator ? 'border-transparent bg-brand' : 'border-line bg-raised'}`}
          >
            <span
              className={`absolute top-0.5 block h-5.5 w-5.5 rounded-full bg-white shadow transition-all ${creator ? 'left-[1.4rem]' : 'left-0.5'}`}
            />
          </span>
        </button>
      </div>
      {creator && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Creator types</legend>
          <div className="flex flex-wrap gap-2">
            {CREATOR_TYPES.map((type) => (
              <Chip key={type} selected={chosen.includes(type)} onToggle={() => toggleType(type)}>
                {labelFor(type)}
              </Chip>
            ))}
          </div>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
