import { useId } from 'react';
import { CREATOR_TYPES } from '@velvet/core/constants/options';
import { Switch } from '../../../components/ui/Switch';
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
          <span className="text-sm font-medium">Content creator</span>
          <span id={`${id}-hint`} className="text-xs text-muted">
            Share paid or premium photos and videos
          </span>
        </div>
        <Switch
          label="Content creator"
          describedBy={`${id}-hint`}
          checked={creator}
          onChange={(on) => onChange(on ? { creator: true, types: chosen } : { creator: false, types: [] })}
        />
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
