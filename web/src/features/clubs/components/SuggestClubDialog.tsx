import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@velvet/core/messages';
import { CLUB_REGIONS, clubSuggestionInputSchema, type ClubSuggestionInput } from '@velvet/core/schemas/club.schema';
import { Button } from '../../../components/ui/Button';
import { TextareaField, TextField } from '../../../components/ui/Field';
import { Select } from '../../../components/ui/Select';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useSuggestClub } from '../api/clubs-api';

const copy = messages.clubs.suggest;
const empty = { name: '', town: '', region: '' as ClubSuggestionInput['region'], details: '' };

/** 'Suggest a Club Listing': a club a member would like listed, sent to the moderators. */
export function SuggestClubDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const suggest = useSuggestClub();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ClubSuggestionInput>({ resolver: zodResolver(clubSuggestionInputSchema), defaultValues: empty });

  const close = () => {
    if (isSubmitting) return;
    reset(empty);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await suggest.mutateAsync(values);
      toast({ title: copy.sent, variant: 'success' });
      reset(empty);
      onClose();
    } catch (err) {
      toast({ title: copy.failed, description: err instanceof ApiError ? err.message : undefined, variant: 'destructive' });
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-line bg-card p-4 focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">{copy.title}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{copy.line}</Dialog.Description>
          <form noValidate className="grid gap-3" onSubmit={(e) => void onSubmit(e)}>
            <TextField label={copy.name} maxLength={100} error={errors.name?.message} {...register('name')} />
            <TextField label={copy.town} maxLength={60} error={errors.town?.message} {...register('town')} />
            <Select
              label={copy.region}
              placeholder="Choose a region"
              options={CLUB_REGIONS.map((r) => ({ value: r, label: r }))}
              error={errors.region?.message}
              {...register('region')}
            />
            <TextareaField
              label={copy.details}
              placeholder={copy.detailsHint}
              maxLength={1000}
              length={watch('details')?.length ?? 0}
              error={errors.details?.message}
              {...register('details')}
            />
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {copy.submit}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
