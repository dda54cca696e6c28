import { AlertCircle, Check, X } from 'lucide-react';
import type { UploadItem } from './use-gallery-uploads';

/** One row per chosen file: its own progress bar while it uploads, the reason when it is refused. */
export function UploadList({ items, onDismiss }: { items: UploadItem[]; onDismiss: (key: number) => void }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="grid gap-2">
      {items.map((item) => {
        const percent = Math.round(item.progress * 100);
        return (
          <li key={item.key} className="grid gap-1.5 rounded-xl border border-line bg-raised p-2.5 text-sm">
            <div className="flex items-center gap-2">
              {item.status === 'error' && <AlertCircle aria-hidden size={16} className="shrink-0 text-red-400" />}
              {item.status === 'done' && <Check aria-hidden size={16} className="shrink-0 text-success" />}
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              {item.status === 'queued' && <span className="text-xs text-muted">Waiting</span>}
              {item.status === 'uploading' && <span className="text-xs tabular-nums text-muted">{percent}%</span>}
              {item.status === 'done' && <span className="text-xs text-success">Added</span>}
              {item.status === 'error' && (
                <button
                  type="button"
                  onClick={() => onDismiss(item.key)}
                  className="-my-2 -mr-1 grid h-11 w-11 place-items-center rounded-xl text-muted hover:bg-card hover:text-ink"
                  aria-label={`Dismiss ${item.name}`}
                >
                  <X aria-hidden size={16} />
                </button>
              )}
            </div>
            {item.status === 'error' ? (
              <p className="text-red-300">{item.error}</p>
            ) : (
              <div
                role="progressbar"
                aria-label={`Uploading ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 overflow-hidden rounded-full bg-line"
              >
                <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
