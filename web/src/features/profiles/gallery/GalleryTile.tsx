import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import type { MediaDto } from '@velvet/core/schemas/media.schema';
import { messages } from '@velvet/core/messages';

interface Props {
  photo: MediaDto;
  index: number;
  total: number;
  onMove: (index: number, delta: -1 | 1) => void;
  onDelete: (index: number) => void;
}

const control =
  'grid h-11 w-11 place-items-center rounded-xl text-ink hover:bg-raised disabled:cursor-not-allowed disabled:text-muted/40 disabled:hover:bg-transparent';

/** One photo of the member's own gallery, with keyboard-reachable move and delete controls. */
export function GalleryTile({ photo, index, total, onMove, onDelete }: Props) {
  const n = index + 1;
  return (
    <li className="overflow-hidden rounded-xl border border-line bg-card" data-media-id={photo.id}>
      <div className="relative aspect-square bg-raised">
        {photo.underReview && (
          <p className="absolute inset-x-0 top-0 bg-black/75 px-2 py-1 text-xs text-white" title={messages.moderation.underReviewLine}>
            {messages.moderation.underReview}
            <span className="sr-only">: {messages.moderation.underReviewLine}</span>
          </p>
        )}
        <img
          src={photo.thumbUrl ?? photo.url}
          alt={`Photo ${n} of ${total}`}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex items-center justify-between px-0.5">
        <button
          type="button"
          className={control}
          data-move={`${photo.id}:earlier`}
          aria-label={`Move photo ${n} earlier`}
          title="Move earlier"
          disabled={index === 0}
          onClick={() => onMove(index, -1)}
        >
          <ArrowLeft aria-hidden size={18} />
        </button>
        <button
          type="button"
          className={`${control} text-red-300 hover:text-red-200`}
          aria-label={`Delete photo ${n}`}
          title="Delete"
          onClick={() => onDelete(index)}
        >
          <Trash2 aria-hidden size={18} />
        </button>
        <button
          type="button"
          className={control}
          data-move={`${photo.id}:later`}
          aria-label={`Move photo ${n} later`}
          title="Move later"
          disabled={index === total - 1}
          onClick={() => onMove(index, 1)}
        >
          <ArrowRight aria-hidden size={18} />
        </button>
      </div>
    </li>
  );
}
