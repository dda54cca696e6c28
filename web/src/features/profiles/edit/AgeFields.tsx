import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import { limits } from '@velvet/core/constants/limits';
import { TextField } from '../../../components/ui/Field';
import { ageValue } from '../setup/steps';
import type { EditValues } from './edit-values';

interface Props {
  couple: boolean;
  register: UseFormRegister<EditValues>;
  errors: FieldErrors<EditValues>;
  age: unknown;
  partnerAge: unknown;
}

const ageInput = { type: 'number', inputMode: 'numeric' as const, min: limits.profileAge.min, max: limits.profileAge.max, step: 1 };

/** 'Age' for a single member; for a couple or group, 'Average Age' over both partners' ages (spec §2). */
export function AgeFields({ couple, register, errors, age, partnerAge }: Props) {
  if (!couple) return <TextField label="Age" error={errors.age?.message} {...ageInput} {...register('age')} />;

  const ages = [ageValue(age), ageValue(partnerAge)].filter((a): a is number => a !== null);
  const average = ages.length ? Math.round((ages.reduce((s, a) => s + a, 0) / ages.length) * 10) / 10 : null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-semibold">Average Age</legend>
      <div className="grid gap-3 min-[400px]:grid-cols-2">
        <TextField label="First partner's age" error={errors.age?.message} {...ageInput} {...register('age')} />
        <TextField label="Second partner's age" error={errors.partnerAge?.message} {...ageInput} {...register('partnerAge')} />
      </div>
      <p className="text-xs text-muted" aria-live="polite">
        {average === null ? 'Add both ages to show your average' : `Average: ${average}`}
      </p>
    </fieldset>
  );
}
