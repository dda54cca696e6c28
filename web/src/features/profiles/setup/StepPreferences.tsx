import type { RefObject } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OwnProfile, SetupStepInput } from '@velvet/core/schemas/profile.schema';
import { NOT_SELECTED, kindOf } from '@velvet/core/constants/options';
import { messages } from '@velvet/core/messages';
import { toast } from '../../../components/ui/toast-store';
import { useSaveSetupStep } from '../api/save-setup-step';
import { applyServerErrors, errorMessages, requiredFieldsToast, saveFailure, validationToast } from '../form/feedback';
import { LookingForChips } from '../form/LookingForChips';
import { RelationshipTypeSelect } from '../form/RelationshipTypeSelect';
import { StatusSelect } from '../form/StatusSelect';
import { StepFrame } from './StepFrame';
import { preferencesSchema, type PreferencesValues } from './steps';

const FIELDS = ['gender', 'lookingFor', 'relationshipStatus'] as const;

interface Props {
  profile: OwnProfile;
  draft?: PreferencesValues;
  /** Step 2 as sent: saved again when a couple's second age could not be kept before the type was known. */
  step2?: Extract<SetupStepInput, { step: 2 }>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: (values: PreferencesValues) => void;
  onDone: (profile: OwnProfile, values: PreferencesValues) => void;
}

const chosen = (v: unknown) => typeof v === 'string' && v !== '' && v !== NOT_SELECTED;

/** Step 3, Preferences: relationship type (gender), looking for (at most 5), relationship status. */
export function StepPreferences({ profile, draft, step2, headingRef, onBack, onDone }: Props) {
  const save = useSaveSetupStep();
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<PreferencesValues, unknown, PreferencesValues>({
    resolver: zodResolver(preferencesSchema, undefined, { raw: true }),
    defaultValues: draft ?? {
      gender: (profile.gender ?? NOT_SELECTED) as PreferencesValues['gender'],
      relationshipStatus: (profile.relationshipStatus ?? NOT_SELECTED) as PreferencesValues['relationshipStatus'],
      lookingFor: profile.lookingFor as PreferencesValues['lookingFor'],
    },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        let saved = await save.mutateAsync({ step: 3, ...values });
        // the server keeps a second age only for couples and groups, which it learns here
        if (kindOf(saved.gender) !== 'individual' && saved.partnerAge === null && step2?.partnerAge) {
          saved = await save.mutateAsync(step2);
        }
        onDone(saved, values);
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
      const v = getValues();
      if (!chosen(v.gender) || !chosen(v.relationshipStatus)) requiredFieldsToast();
      else validationToast(errorMessages(errs, FIELDS));
    },
  );

  return (
    <StepFrame
      title={messages.profile.setupSteps[2]}
      headingRef={headingRef}
      busy={save.isPending}
      onBack={() => onBack(getValues())}
      onSubmit={(e) => void onSubmit(e)}
    >
      <RelationshipTypeSelect error={errors.gender?.message} {...register('gender')} />
      <Controller
        control={control}
        name="lookingFor"
        render={({ field, fieldState }) => (
          <LookingForChips value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <StatusSelect error={errors.relationshipStatus?.message} {...register('relationshipStatus')} />
    </StepFrame>
  );
}
