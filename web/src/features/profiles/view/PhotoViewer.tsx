import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, Flag, X } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import type { MediaDto } from '@velvet/core/schemas/media.schema';

interface Props {
  photos: MediaDto[];
  /** the open photo, or null when closed */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  ownerName: string;
  /** another member's photos can be reported from here */
  onReport?: (photo: MediaDto) => void;
}

const navButton = 'grid h-11 w-11 place-items-center rounded-full border border-line bg-raised text-ink hover:bg-line disabled:opacity-40';

/** A photo shown large, with previous / next (buttons or arrow keys) and Escape to close. */
export function PhotoViewer({ photos, index, onIndexChange, ownerName, onReport }: Props) {
  const photo = index === null ? undefined : photos[index];
  const go = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < photos.length) onIndexChange(next);
  };
  return (
    <Dialog.Root open={photo !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col p-3 pb-safe focus:outline-none"
          onKeyDown={(e) => {
            if (e.key === 'ArrowLeft') go(-1);
            if (e.key === 'ArrowRight') go(1);
          }}
        >
          <div className="flex items-center justify-between gap-2">
            <Dialog.Title className="text-sm text-muted">
              {photo && index !== null ? `${ownerName}'s photo ${index + 1} of ${photos.length}` : ''}
            </Dialog.Title>
            <div className="flex gap-2">
              {onReport && photo && (
                <button
                  type="button"
                  className="inline-flex h-11 items-center gap-2 rounded-full border border-line bg-raised px-4 text-sm text-ink hover:bg-line"
                  onClick={() => onReport(photo)}
                >
                  <Flag aria-hidden size={18} /> {messages.moderation.reportAction}
                  <span className="sr-only"> this photo</span>
                </button>
              )}
              <Dialog.Close className={navButton} aria-label="Close photo">
                <X aria-hidden size={22} />
              </Dialog.Close>
            </div>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center py-3">
            {photo && (
              <img
                key={photo.id}
                src={photo.url}
                alt={`${ownerName}'s photo ${index! + 1} of ${photos.length}`}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                className="max-h-full max-w-full rounded-xl object-contain"
              />
            )}
          </div>
          {photos.length > 1 && (
            <div className="flex items-center justify-center gap-6">
              <button type="button" className={navButton} onClick={() => go(-1)} disabled={index === 0} aria-label="Previous photo">
                <ChevronLeft aria-hidden size={22} />
              </button>
              <button
                type="button"
                className={navButton}
                onClick={() => go(1)}
                disabled={index === photos.length - 1}
                aria-label="Next photo"
              >
                <ChevronRight aria-hidden size={22} />
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
