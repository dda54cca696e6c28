import { useId } from 'react';
import { limits } from '@velvet/core/constants/limits';
import { Checkbox } from '../../../components/ui/Field';
import { labelFor } from './labels';

interface Props {
  /** The choices for the member's relationship type: interestOptionsFor(gender). */
  options: readonly string[];
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
  error?: string;
  max?: number;
}

/**
 * The interests checklist (spec §5): at most 5; once 5 are ticked the other boxes are disabled,
 * and a counter shows 'Selected: n/5'.
 */
export function InterestsChecklist({ options, value = [], onChange, error, max = limits.interestsMax }: Props) {
  const id = useId();
  const chosen = value.filter((v) => options.includes(v));
  const full = chosen.length >= max;

  return (
    <fieldset className="grid gap-1" aria-describedby={`${id}-count`}>
      <legend className="mb-1 flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        <span>Interests</span>
        <span id={`${id}-count`} className="text-xs font-normal text-muted" aria-live="polite">
          Selected: {chosen.length}/{max}
        </span>
      </legend>
      <div className="grid grid-cols-1 gap-x-4 min-[400px]:grid-cols-2">
        {options.map((option) => {
          const checked = chosen.includes(option);
          return (
            <Checkbox
              key={option}
              label={labelFor(option)}
              checked={checked}
              disabled={full && !checked}
              onChange={() => onChange(checked ? chosen.filter((v) => v !== option) : [...chosen, option])}
            />
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
