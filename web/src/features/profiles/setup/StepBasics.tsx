import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OwnProfile } from '@velvet/core/schemas/profile.schema';
import { messages } from '@velvet/core/messages';
import { TextField } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useCreateProfile } from '../api/create-profile';
import { useSaveSetupStep } from '../api/save-setup-step';
import { applyServerErrors, errorMessages, requiredFieldsToast, saveFailure, validationToast } from '../form/feedback';
import { StepFrame } from './StepFrame';
import { basicsSchema, type BasicsValues } from './steps';

const FIELDS = ['username', 'displayName'] as const;

interface Props {
  profile: OwnProfile | null;
  draft?: BasicsValues;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: (profile: OwnProfile, values: BasicsValues) => void;
}

/** Step 1, Basic Information: creates the profile (or renames it when the member comes back). */
export function StepBasics({ profile, draft, headingRef, onDone }: Props) {
  const create = useCreateProfile();
  const save = useSaveSetupStep();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<BasicsValues, unknown, BasicsValues>({
    resolver: zodResolver(basicsSchema, undefined, { raw: true }),
    defaultValues: draft ?? { username: profile?.username ?? '', displayName: profile?.displayName ?? '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      const input = basicsSchema.parse(values);
      try {
        let saved: OwnProfile;
        if (profile) saved = await save.mutateAsync({ step: 1, ...input });
        else {
          try {
            saved = await create.mutateAsync(input);
          } catch (err) {
            // made in another tab meanwhile: this becomes an update of step 1
            if (!(err instanceof ApiError && err.code === 'PROFILE_EXISTS')) throw err;
            saved = await save.mutateAsync({ step: 1, ...input });
          }
        }
        onDone(saved, values);
      } catch (err) {
        applyServerErrors(err, setError, FIELDS);
        toast({
          title: messages.profile.failedTitle,
          description: saveFailure(err, profile ? messages.profile.updateFailed : messages.profile.createFailed),
          variant: 'destructive',
        });
      }
    },
    (errs) => {
      const v = getValues();
      if (!v.username?.trim() || !v.displayName?.trim()) requiredFieldsToast();
      else validationToast(errorMessages(errs, FIELDS));
    },
  );

  return (
    <StepFrame
      title={messages.profile.setupSteps[0]}
      headingRef={headingRef}
      busy={create.isPending || save.isPending}
      onSubmit={(e) => void onSubmit(e)}
    >
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 30 letters, digits, _ or ."
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Display name"
        autoComplete="nickname"
        hint="The name other members see"
        error={errors.displayName?.message}
        {...register('displayName')}
      />
    </StepFrame>
  );
}
