import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { ImagePlus } from 'lucide-react';

interface FileDropProps {
  /** The control's name, e.g. 'Profile photo'. */
  label: string;
  /** What to drop, e.g. 'Drag a photo here, or choose one'. */
  prompt: string;
  /** The accepted types and size, e.g. 'JPEG, PNG, WebP or GIF, under 5MB'. */
  hint?: string;
  /** The input's accept attribute; images by default. */
  accept?: string;
  onFile: (file: File) => void;
  /** The current or chosen picture. */
  previewUrl?: string | null;
  /** round: a small circle beside the prompt (avatars); wide: a 3:1 banner (covers). */
  shape?: 'round' | 'wide';
  /** Shown in the round box when there is no picture (e.g. initials). */
  fallback?: ReactNode;
  /** 0-100 while uploading; null or undefined otherwise. */
  progress?: number | null;
  /** Words for the progress bar, e.g. 'Uploading…'. */
  progressLabel?: string;
  error?: string;
  disabled?: boolean;
}

/**
 * A file area: drag and drop a file on it, or click/tap it, or focus it with Tab and press Enter or
 * Space to open the file chooser. The real file input stays in the page (visually hidden), so
 * keyboards, screen readers and tests use it as they would any input.
 */
export function FileDrop({
  label,
  prompt,
  hint,
  accept = 'image/*',
  onFile,
  previewUrl,
  shape = 'round',
  fallback,
  progress,
  progressLabel = 'Uploading',
  error,
  disabled = false,
}: FileDropProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null && progress !== undefined;
  const inactive = disabled || busy;

  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    if (!inactive) {
      e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file && !inactive) onFile(file);
  };

  const frame = `flex cursor-pointer rounded-xl border-2 border-dashed transition peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-pink peer-disabled:cursor-not-allowed ${
    dragging ? 'border-brand-pink bg-raised' : error ? 'border-danger/70 hover:bg-raised' : 'border-line hover:bg-raised'
  }`;

  const picture = previewUrl ? <img src={previewUrl} alt="" className="absolute inset-0 h-full w-full object-cover" /> : null;

  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" aria-hidden>
        {label}
      </span>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={inactive}
        className="peer sr-only"
        aria-label={label}
        aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // cleared, so choosing the same file again still fires a change
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={
          shape === 'wide' ? `${frame} relative aspect-[3/1] w-full items-end overflow-hidden` : `${frame} min-h-24 items-center gap-4 p-3`
        }
      >
        {shape === 'round' ? (
          <>
            <span className="relative grid h-18 w-18 shrink-0 place-items-center overflow-hidden rounded-full bg-raised text-muted">
              {picture ?? fallback ?? <ImagePlus aria-hidden size={24} />}
            </span>
            <span className="grid gap-1">
              <span className="text-sm font-medium text-ink">{prompt}</span>
              {hint && (
                <span id={hintId} className="text-xs text-muted">
                  {hint}
                </span>
              )}
            </span>
          </>
        ) : (
          <>
            <span className="absolute inset-0 bg-raised" aria-hidden />
            {picture}
            <span
              className={`relative z-10 flex w-full items-center gap-2 px-3 py-2 text-left ${picture ? 'bg-gradient-to-t from-black/80 to-black/30' : ''}`}
            >
              <ImagePlus aria-hidden size={20} className="shrink-0 text-muted" />
              <span className="grid">
                <span className="text-sm font-medium text-ink">{prompt}</span>
                {hint && (
                  <span id={hintId} className={`text-xs ${picture ? 'text-white/80' : 'text-muted'}`}>
                    {hint}
                  </span>
                )}
              </span>
            </span>
          </>
        )}
      </label>
      {busy && (
        <div className="grid gap-1">
          <div
            className="h-2 overflow-hidden rounded-full bg-raised"
            role="progressbar"
            aria-label={`${label}: ${progressLabel}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress)}
          >
            <div className="bg-brand h-full transition-[width] duration-150" style={{ width: `${Math.max(2, Math.round(progress))}%` }} />
          </div>
          <span className="text-xs text-muted" aria-hidden>
            {progressLabel} {Math.round(progress)}%
          </span>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
