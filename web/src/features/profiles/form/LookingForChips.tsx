import { useId } from 'react';
import { LOOKING_FOR } from '@velvet/core/constants/options';
import { limits } from '@velvet/core/constants/limits';
import { Chip } from './Chip';
import { labelFor } from './labels';

type LookingFor = (typeof LOOKING_FOR)[number];

interface Props {
  value: readonly string[] | undefined;
  onChange: (next: LookingFor[]) => void;
  error?: string;
  max?: number;
}

/** Who the member is looking for: toggle chips, at most 5 (spec §2, §9). */
export function LookingForChips({ value = [], onChange, error, max = limits.lookingForMax }: Props) {
  const id = useId();
  const chosen = value.filter((v): v is LookingFor => (LOOKING_FOR as readonly string[]).includes(v));
  const full = chosen.length >= max;
  const toggle = (option: LookingFor) =>
    onChange(chosen.includes(option) ? chosen.filter((v) => v !== option) : full ? chosen : [...chosen, option]);

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-count`}>
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        <span>Looking for</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {LOOKING_FOR.map((option) => (
          <Chip key={option} selected={chosen.includes(option)} disabled={full && !chosen.includes(option)} onToggle={() => toggle(option)}>
            {labelFor(option)}
          </Chip>
        ))}
      </div>
      <p id={`${id}-count`} className="text-xs text-muted" aria-live="polite">
        Selected: {chosen.length}/{max}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
