import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OwnProfile } from '@velvet/core/schemas/profile.schema';
import { kindOf } from '@velvet/core/constants/options';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { TextField } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast-store';
import { useSaveSetupStep } from '../api/save-setup-step';
import { applyServerErrors, errorMessages, requiredFieldsToast, saveFailure, validationToast } from '../form/feedback';
import { StepFrame } from './StepFrame';
import { ageText, ageValue, locationSchema, type LocationValues } from './steps';

const FIELDS = ['age', 'partnerAge', 'locationCity', 'locationCountry'] as const;
export const DEFAULT_COUNTRY = 'United Kingdom';

interface Props {
  profile: OwnProfile;
  draft?: LocationValues;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: (values: LocationValues) => void;
  onDone: (profile: OwnProfile, values: LocationValues) => void;
}

/** The step-2 payload: ages as numbers (or null), places as typed. */
export const locationPayload = (values: LocationValues) => ({
  step: 2 as const,
  age: ageValue(values.age),
  partnerAge: ageValue(values.partnerAge),
  locationCity: values.locationCity ?? '',
  locationCountry: values.locationCountry ?? '',
});

/**
 * Step 2, Location & Age. A couple's second age is asked here too (optional): the relationship
 * type only comes in step 3, so the field stays unless the member already said they are single.
 */
export function StepLocation({ profile, draft, headingRef, onBack, onDone }: Props) {
  const save = useSaveSetupStep();
  const knownSingle = profile.gender !== null && kindOf(profile.gender) === 'individual';
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<LocationValues, unknown, LocationValues>({
    resolver: zodResolver(locationSchema, undefined, { raw: true }),
    defaultValues: draft ?? {
      age: ageText(profile.age),
      partnerAge: ageText(profile.partnerAge),
      locationCity: profile.locationCity ?? '',
      locationCountry: profile.locationCountry ?? DEFAULT_COUNTRY,
    },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        onDone(await save.mutateAsync(locationPayload(values)), values);
      } catch (err) {
        applyServerErrors(err, setError, FIELDS);
        toast({
          title: messages.profile.failedTitle,
          description: saveFailure(err, messages.profile.updateFailed),
          variant: 'destructive',
        });
      }
    },
    (errs) => {
      if (ageValue(getValues().age) === null) requiredFieldsToast();
      else validationToast(errorMessages(errs, FIELDS));
    },
  );

  const ageProps = { type: 'number', inputMode: 'numeric' as const, min: limits.profileAge.min, max: limits.profileAge.max, step: 1 };
  return (
    <StepFrame
      title={messages.profile.setupSteps[1]}
      headingRef={headingRef}
      busy={save.isPending}
      onBack={() => onBack(getValues())}
      onSubmit={(e) => void onSubmit(e)}
    >
      <div className="grid gap-4 min-[400px]:grid-cols-2">
        <TextField label="Age" hint="You must be 18 or over" error={errors.age?.message} {...ageProps} {...register('age')} />
        {!knownSingle && (
          <TextField
            label="Partner's age (couples)"
            hint="Optional: for couples and groups"
            error={errors.partnerAge?.message}
            {...ageProps}
            {...register('partnerAge')}
          />
        )}
      </div>
      <TextField label="City" autoComplete="address-level2" error={errors.locationCity?.message} {...register('locationCity')} />
      <TextField label="Country" autoComplete="country-name" error={errors.locationCountry?.message} {...register('locationCountry')} />
    </StepFrame>
  );
}
