import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ImageIcon } from 'lucide-react';
import { useGallery } from '../api/gallery';
import { LoadError } from '../../../components/ui/LoadError';
import { ReportDialog } from '../../moderation/ReportDialog';
import { PhotoViewer } from './PhotoViewer';

const grid = 'grid grid-cols-3 gap-1.5 md:grid-cols-4 md:gap-2';

/** Another member's photos, read-only; a photo opens larger in a dialog. */
export function ProfileGallery({ userId, ownerName }: { userId: string; ownerName: string }) {
  const gallery = useGallery(userId);
  const [open, setOpen] = useState<number | null>(null);
  const [reporting, setReporting] = useState<string | null>(null);
  const navigate = useNavigate();

  if (gallery.isPending) {
    return (
      <div role="status" aria-label="Loading photos" className={grid}>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden className="aspect-square animate-pulse rounded-xl bg-raised" />
        ))}
      </div>
    );
  }
  if (gallery.isError) {
    return <LoadError error={gallery.error} what="the photos" onRetry={() => void gallery.refetch()} retrying={gallery.isFetching} />;
  }
  const photos = gallery.data;
  if (photos.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <ImageIcon aria-hidden size={18} /> No photos yet.
      </p>
    );
  }
  return (
    <>
      <ul className={grid}>
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block aspect-square w-full overflow-hidden rounded-xl bg-raised"
              aria-label={`Open ${ownerName}'s photo ${i + 1} of ${photos.length}`}
            >
              <img
                src={photo.thumbUrl ?? photo.url}
                alt=""
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover transition hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <PhotoViewer
        photos={photos}
        index={open}
        onIndexChange={setOpen}
        ownerName={ownerName}
        onReport={(photo) => setReporting(photo.id)}
      />
      <ReportDialog
        target={reporting ? { type: 'photo', id: reporting } : null}
        member={{ userId, name: ownerName }}
        onClose={() => setReporting(null)}
        onBlocked={() => void navigate('/browse', { replace: true })}
      />
    </>
  );
}
