import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ImagePlus, Images } from 'lucide-react';
import { GALLERY_MAX_PHOTOS, type MediaDto } from '@velvet/core/schemas/media.schema';
import { messages } from '@velvet/core/messages';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useDeleteMedia, useGallery, useReorderGallery } from '../api/gallery';
import { LoadError } from '../../../components/ui/LoadError';
import { ACCEPT_ATTRIBUTE } from './check-image';
import { DeletePhotoDialog } from './DeletePhotoDialog';
import { GalleryTile } from './GalleryTile';
import { UploadList } from './UploadList';
import { useGalleryUploads } from './use-gallery-uploads';

const grid = 'grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4';

/** The member's own photos: add (several at once), reorder, delete; at most 30. */
export function GalleryManager({ userId }: { userId: string }) {
  const gallery = useGallery(userId);
  const photos = gallery.data ?? [];
  const reorder = useReorderGallery(userId);
  const remove = useDeleteMedia(userId);
  const uploads = useGalleryUploads(userId, photos.length);
  const input = useRef<HTMLInputElement>(null);
  const [toDelete, setToDelete] = useState<{ media: MediaDto; number: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const focusAfterMove = useRef<{ id: string; direction: 'earlier' | 'later' } | null>(null);
  const full = photos.length >= GALLERY_MAX_PHOTOS;

  // a moved photo keeps the keyboard focus on its button (or on the other one at either end)
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const other = target.direction === 'earlier' ? 'later' : 'earlier';
    const button =
      document.querySelector<HTMLButtonElement>(`[data-move="${target.id}:${target.direction}"]:not(:disabled)`) ??
      document.querySelector<HTMLButtonElement>(`[data-move="${target.id}:${other}"]`);
    button?.focus();
  }, [photos]);

  const move = (index: number, delta: -1 | 1) => {
    const ids = photos.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    if (!id || index + delta < 0 || index + delta > ids.length) return;
    ids.splice(index + delta, 0, id);
    focusAfterMove.current = { id, direction: delta < 0 ? 'earlier' : 'later' };
    setAnnouncement(`Photo moved to position ${index + delta + 1} of ${ids.length}.`);
    reorder.mutateAsync(ids).catch((err: unknown) => {
      toast({
        title: messages.uploads.errorTitle,
        description: err instanceof ApiError ? err.message : messages.uploads.moveFailed,
        variant: 'destructive',
      });
    });
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.media.id, {
      onSuccess: () => {
        setToDelete(null);
        setAnnouncement(messages.uploads.deleted);
        toast({ title: messages.uploads.deleted, variant: 'success' });
      },
      onError: (err) => {
        setToDelete(null);
        toast({
          title: messages.uploads.errorTitle,
          description: err instanceof ApiError ? err.message : messages.uploads.deleteFailed,
          variant: 'destructive',
        });
      },
    });
  };

  const addFiles = (files: FileList | null) => {
    if (files && files.length > 0) uploads.add([...files]);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    addFiles(e.dataTransfer.files);
  };

  return (
    <section
      aria-labelledby="gallery-title"
      className={`grid gap-3 rounded-xl transition ${dragging ? 'outline-2 outline-offset-4 outline-dashed outline-brand-pink' : ''}`}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="gallery-title" className="flex items-baseline gap-2 font-semibold">
          Photos
          <span className="text-sm font-normal tabular-nums text-muted" aria-label={`${photos.length} of ${GALLERY_MAX_PHOTOS} photos`}>
            {gallery.isPending ? '–' : photos.length}/{GALLERY_MAX_PHOTOS}
          </span>
        </h3>
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={full || gallery.isPending || gallery.isError}>
          <ImagePlus aria-hidden size={18} /> Add photos
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          multiple
          hidden
          aria-label="Add photos"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <p className="text-xs text-muted">JPEG, PNG, WebP or GIF, under 5MB each. Drag photos here or use Add photos.</p>
      {full && (
        <p role="status" className="rounded-xl border border-line bg-raised p-3 text-sm">
          {messages.uploads.galleryFull}
        </p>
      )}

      <UploadList items={uploads.items} onDismiss={uploads.dismiss} />

      {gallery.isPending ? (
        <div role="status" aria-label="Loading photos" className={grid}>
          {[0, 1].map((i) => (
            <div key={i} aria-hidden className="overflow-hidden rounded-xl border border-line">
              <div className="aspect-square animate-pulse bg-raised" />
              <div className="h-11" />
            </div>
          ))}
        </div>
      ) : gallery.isError ? (
        <LoadError error={gallery.error} what="your photos" onRetry={() => void gallery.refetch()} retrying={gallery.isFetching} />
      ) : photos.length === 0 ? (
        <div className="grid place-items-center gap-2 rounded-xl border border-dashed border-line p-6 text-center">
          <Images aria-hidden size={28} className="text-muted" />
          <p className="font-semibold">No photos yet</p>
          <p className="text-sm text-muted">Add up to {GALLERY_MAX_PHOTOS} photos for other members to see.</p>
        </div>
      ) : (
        <ul aria-label="Your photos" className={grid}>
          {photos.map((photo, index) => (
            <GalleryTile
              key={photo.id}
              photo={photo}
              index={index}
              total={photos.length}
              onMove={move}
              onDelete={(i) => setToDelete({ media: photos[i]!, number: i + 1 })}
            />
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <DeletePhotoDialog photo={toDelete} deleting={remove.isPending} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
    </section>
  );
}
