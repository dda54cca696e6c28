import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { CLUB_REVIEW_MAX, clubReviewInputSchema, type ClubReview, type ClubReviewInput } from '@velvet/core/schemas/club.schema';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextareaField } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useDeleteReview, useSaveReview } from '../api/clubs-api';

const copy = messages.clubs.reviews;

/** Five stars as a radio group: arrow keys move, the number is read out. */
function StarsInput({ value, onChange, error }: { value: number; onChange: (n: number) => void; error?: string }) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="text-sm font-medium">{copy.rating}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative grid size-11 cursor-pointer place-items-center rounded-xl has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-pink"
          >
            <input
              type="radio"
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={copy.stars(n)}
            />
            <Star aria-hidden size={28} className={n <= value ? 'fill-amber-400 text-amber-400' : 'text-muted'} />
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The member's one review of a club: written, rewritten or deleted. */
export function ReviewForm({ clubId, mine }: { clubId: string; mine: ClubReview | null }) {
  const save = useSaveReview(clubId);
  const remove = useDeleteReview(clubId);
  const start = { rating: mine?.rating ?? 0, text: mine?.text ?? '' };
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ClubReviewInput>({ resolver: zodResolver(clubReviewInputSchema), defaultValues: start });
  useEffect(() => reset({ rating: mine?.rating ?? 0, text: mine?.text ?? '' }), [mine?.rating, mine?.text, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: copy.saved, variant: 'success' });
    } catch (err) {
      toast({ title: copy.failed, description: err instanceof ApiError ? err.message : undefined, variant: 'destructive' });
    }
  });
  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      toast({ title: copy.deleted, variant: 'success' });
    } catch (err) {
      toast({ title: copy.failed, description: err instanceof ApiError ? err.message : undefined, variant: 'destructive' });
    }
  };

  return (
    <Card>
      <form noValidate aria-label={mine ? copy.edit : copy.write} className="grid gap-3" onSubmit={(e) => void onSubmit(e)}>
        <h2 className="text-lg font-semibold">{mine ? copy.edit : copy.write}</h2>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => <StarsInput value={field.value} onChange={field.onChange} error={errors.rating?.message} />}
        />
        <TextareaField
          label={copy.text}
          maxLength={CLUB_REVIEW_MAX}
          length={watch('text')?.length ?? 0}
          error={errors.text?.message}
          {...register('text')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={isSubmitting}>
            {copy.save}
          </Button>
          {mine && (
            <Button variant="destructive" loading={remove.isPending} onClick={() => void onDelete()}>
              {copy.delete}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
