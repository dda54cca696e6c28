import { useEffect } from 'react';
import { Link } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { profileUpdateSchema, type OwnProfile } from '@velvet/core/schemas/profile.schema';
import { NOT_SELECTED, interestOptionsFor, kindOf } from '@velvet/core/constants/options';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { Button, buttonClass } from '../../../components/ui/Button';
import { TextField, TextareaField } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { CreatorToggle } from '../form/CreatorToggle';
import { applyServerErrors, errorMessages, saveFailure, validationToast } from '../form/feedback';
import { InterestsChecklist } from '../form/InterestsChecklist';
import { LookingForChips } from '../form/LookingForChips';
import { RelationshipTypeSelect } from '../form/RelationshipTypeSelect';
import { StatusSelect } from '../form/StatusSelect';
import { ImageUploader } from '../ImageUploader';
import { AgeFields } from './AgeFields';
import { FIELD_ORDER, toFormValues, toPayload, type EditValues } from './edit-values';
import { FormSection } from './FormSection';

const typeOf = (gender: unknown) => (typeof gender === 'string' && gender !== NOT_SELECTED ? gender : null);

/** The edit-profile form (spec §2, §5): every field, couple wording for couples and groups. */
export function EditProfileForm({ profile }: { profile: OwnProfile }) {
  const update = useUpdateProfile();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    watch,
    formState: { errors },
  } = useForm<EditValues, unknown, EditValues>({
    resolver: zodResolver(profileUpdateSchema, undefined, { raw: true }),
    defaultValues: toFormValues(profile),
  });

  const gender = typeOf(watch('gender'));
  const couple = kindOf(gender) !== 'individual';
  const options = interestOptionsFor(gender);
  const username = watch('username');

  // a new relationship type offers other interests: the ones no longer offered are dropped
  useEffect(() => {
    const current = getValues('interests') ?? [];
    const kept = current.filter((i) => options.includes(i));
    if (kept.length !== current.length) setValue('interests', kept, { shouldDirty: true });
  }, [options, getValues, setValue]);

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const saved = await update.mutateAsync(toPayload(values));
        reset(toFormValues(saved));
        toast({ title: 'Success', description: messages.profile.updated, variant: 'success' });
      } catch (err) {
        const list = applyServerErrors(err, setError, FIELD_ORDER);
        if (err instanceof ApiError && err.status === 400 && list.length) validationToast(list);
        else
          toast({
            title: messages.profile.failedTitle,
            description: saveFailure(err, messages.profile.updateFailed),
            variant: 'destructive',
          });
      }
    },
    (errs) => validationToast(errorMessages(errs, FIELD_ORDER)),
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-labelledby="edit-profile-title">
      <h1 id="edit-profile-title" className="text-2xl font-bold">
        {couple ? 'Edit Our Profile' : 'Edit Profile'}
      </h1>

      <FormSection title="Photos">
        <ImageUploader kind="cover" currentUrl={profile.coverPhotoUrl} />
        <ImageUploader kind="avatar" currentUrl={profile.avatarUrl} name={profile.displayName} />
      </FormSection>

      <FormSection title="Basics">
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
          placeholder={username || undefined}
          hint="Left empty, your username is shown"
          error={errors.displayName?.message}
          {...register('displayName')}
        />
        <AgeFields couple={couple} register={register} errors={errors} age={watch('age')} partnerAge={watch('partnerAge')} />
        <div className="grid gap-4 min-[400px]:grid-cols-2">
          <TextField label="City" autoComplete="address-level2" error={errors.locationCity?.message} {...register('locationCity')} />
          <TextField label="Country" autoComplete="country-name" error={errors.locationCountry?.message} {...register('locationCountry')} />
        </div>
      </FormSection>

      <FormSection title="Preferences">
        <RelationshipTypeSelect error={errors.gender?.message} {...register('gender')} />
        <Controller
          control={control}
          name="lookingFor"
          render={({ field, fieldState }) => (
            <LookingForChips value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <StatusSelect error={errors.relationshipStatus?.message} {...register('relationshipStatus')} />
        <Controller
          control={control}
          name="interests"
          render={({ field, fieldState }) => (
            <InterestsChecklist options={options} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      </FormSection>

      <FormSection title="Creator">
        <Controller
          control={control}
          name="creator"
          render={({ field }) => (
            <CreatorToggle
              creator={field.value ?? false}
              types={watch('creatorTypes') ?? []}
              error={errors.creatorTypes?.message}
              onChange={({ creator, types }) => {
                field.onChange(creator);
                setValue('creatorTypes', types, { shouldDirty: true });
              }}
            />
          )}
        />
      </FormSection>

      <FormSection>
        <TextareaField
          label={couple ? 'About Us' : 'Bio'}
          placeholder={couple ? 'Tell members about the two of you' : 'Tell members about yourself'}
          rows={6}
          maxLength={limits.bioMaxLength}
          length={(watch('bio') ?? '').length}
          error={errors.bio?.message}
          {...register('bio')}
        />
      </FormSection>

      <div className="flex flex-col-reverse gap-3 min-[400px]:flex-row min-[400px]:justify-end">
        <Link to="/profile" className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" loading={update.isPending}>
          {!update.isPending && <Save aria-hidden size={16} />}
          Save Changes
        </Button>
      </div>
    </form>
  );
}
