import { useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OwnProfile } from '@velvet/core/schemas/profile.schema';
import { kindOf } from '@velvet/core/constants/options';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { TextareaField } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast-store';
import { useSaveSetupStep } from '../api/save-setup-step';
import { applyServerErrors, errorMessages, saveFailure, validationToast } from '../form/feedback';
import { ImageUploader } from '../ImageUploader';
import { StepFrame } from './StepFrame';
import { photosSchema, type PhotosValues } from './steps';

interface Props {
  profile: OwnProfile;
  draft?: PhotosValues;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onBack: (values: PhotosValues) => void;
  onDone: (profile: OwnProfile, values: PhotosValues) => void;
}

/** Step 4, Photos & Bio: the photos upload at once; Complete Profile saves the bio and finishes. */
export function StepPhotos({ profile, draft, headingRef, onBack, onDone }: Props) {
  const save = useSaveSetupStep();
  const [uploading, setUploading] = useState({ avatar: false, cover: false });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors },
  } = useForm<PhotosValues, unknown, PhotosValues>({
    resolver: zodResolver(photosSchema, undefined, { raw: true }),
    defaultValues: draft ?? { bio: profile.bio ?? '' },
  });
  const couple = kindOf(profile.gender) !== 'individual';

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        onDone(await save.mutateAsync({ step: 4, bio: values.bio ?? '' }), values);
      } catch (err) {
        applyServerErrors(err, setError, ['bio']);
        toast({
          title: messages.profile.failedTitle,
          description: saveFailure(err, messages.profile.updateFailed),
          variant: 'destructive',
        });
      }
    },
    (errs) => validationToast(errorMessages(errs, ['bio'])),
  );

  return (
    <StepFrame
      title={messages.profile.setupSteps[3]}
      headingRef={headingRef}
      busy={save.isPending}
      blocked={uploading.avatar || uploading.cover}
      last
      onBack={() => onBack(getValues())}
      onSubmit={(e) => void onSubmit(e)}
    >
      <ImageUploader
        kind="avatar"
        currentUrl={profile.avatarUrl}
        name={profile.displayName}
        onBusyChange={(busy) => setUploading((u) => ({ ...u, avatar: busy }))}
      />
      <ImageUploader
        kind="cover"
        currentUrl={profile.coverPhotoUrl}
        onBusyChange={(busy) => setUploading((u) => ({ ...u, cover: busy }))}
      />
      <TextareaField
        label={couple ? 'About Us' : 'Bio'}
        placeholder={couple ? 'Tell members about the two of you' : 'Tell members about yourself'}
        rows={5}
        maxLength={limits.bioMaxLength}
        length={(watch('bio') ?? '').length}
        error={errors.bio?.message}
        {...register('bio')}
      />
    </StepFrame>
  );
}
