import * as Dialog from '@radix-ui/react-dialog';
import type { MediaDto } from '@velvet/core/schemas/media.schema';
import { Button } from '../../../components/ui/Button';

interface Props {
  photo: { media: MediaDto; number: number } | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Delete this photo?' with the photo itself, so the member is sure which one goes. */
export function DeletePhotoDialog({ photo, deleting, onCancel, onConfirm }: Props) {
  return (
    <Dialog.Root open={photo !== null} onOpenChange={(open) => !open && !deleting && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border border-line bg-card p-4 focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">Delete photo {photo?.number}?</Dialog.Title>
          {photo && (
            <img
              src={photo.media.thumbUrl ?? photo.media.url}
              alt=""
              className="mx-auto aspect-square w-32 rounded-xl bg-raised object-cover"
            />
          )}
          <Dialog.Description className="text-sm text-muted">
            It is removed from your gallery for good. This cannot be undone.
          </Dialog.Description>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={deleting}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={onConfirm} loading={deleting}>
              Delete
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
