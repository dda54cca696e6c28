import { Link } from 'react-router';
import { Flag, Heart, Lock, Pencil, Play, Trash2 } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { formatPence, type ContentItem } from '@velvet/core/schemas/content.schema';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { toast } from '../../../components/ui/toast-store';
import { useFab } from '../api/content-api';

const m = messages.content;

interface Props {
  item: ContentItem;
  onEdit: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
  onReport: (item: ContentItem) => void;
}

/** The picture or player: the browser's own <video> player (it asks the server for byte ranges to seek). */
function Media({ item }: { item: ContentItem }) {
  if (item.locked) {
    return (
      <div className="relative h-full w-full">
        {item.thumbUrl && <img src={item.thumbUrl} alt="" loading="lazy" className="h-full w-full object-cover" />}
        <div className="absolute inset-0 grid place-content-center justify-items-center gap-2 bg-black/50 p-2 text-center text-white">
          <Lock aria-hidden size={24} />
          <span className="text-sm font-medium">{item.visibility === 'ppv' ? m.ppvLocked : m.premiumLocked}</span>
          {item.visibility === 'ppv' && item.priceCents !== null && (
            <Button
              variant="secondary"
              onClick={() => toast({ title: m.unlock(formatPence(item.priceCents!)), description: m.unlockUnavailable })}
            >
              {m.unlock(formatPence(item.priceCents))}
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (item.mediaType === 'video' && item.url) {
    return (
      <video
        src={item.url}
        poster={item.thumbUrl ?? undefined}
        controls
        preload="none"
        playsInline
        aria-label={item.title}
        className="h-full w-full bg-black object-contain"
      />
    );
  }
  return item.thumbUrl ? (
    <a href={item.url ?? item.thumbUrl} target="_blank" rel="noreferrer" className="block h-full w-full" aria-label={item.title}>
      <img src={item.thumbUrl} alt={item.title} loading="lazy" className="h-full w-full object-cover" />
    </a>
  ) : null;
}

/** One photo or video: the media, its title and owner, Fab with its count, and the owner's or others' actions. */
export function ContentCard({ item, onEdit, onDelete, onReport }: Props) {
  const fab = useFab();
  const owner = item.owner.displayName ?? item.owner.username ?? 'A member';
  return (
    <Card className="grid content-start overflow-hidden" data-testid="content-card">
      <div className="relative aspect-square bg-raised">
        <Media item={item} />
        {item.mediaType === 'video' && !item.locked && (
          <span className="pointer-events-none absolute left-2 top-2 rounded-full bg-black/60 p-1 text-white" aria-hidden>
            <Play size={14} />
          </span>
        )}
      </div>
      <div className="grid gap-1 p-2">
        <h3 className="truncate text-sm font-semibold">{item.title}</h3>
        {item.mine ? (
          <span className="text-xs text-muted">
            {m.visibility[item.visibility]}
            {item.priceCents !== null ? ` · ${formatPence(item.priceCents)}` : ''}
          </span>
        ) : (
          <Link to={`/profile/${item.owner.id}`} className="truncate text-xs text-muted hover:text-ink">
            {owner}
          </Link>
        )}
        <div className="flex flex-wrap items-center gap-1">
          <button
            type="button"
            aria-pressed={item.fabbed}
            disabled={fab.isPending}
            onClick={() =>
              fab.mutate({ id: item.id, on: !item.fabbed }, { onError: () => toast({ title: m.fabFailed, variant: 'destructive' }) })
            }
            className={`inline-flex min-h-11 items-center gap-1 rounded-xl px-2 text-sm ${item.fabbed ? 'text-brand-pink' : 'text-ink'} hover:bg-raised`}
          >
            <Heart aria-hidden size={18} fill={item.fabbed ? 'currentColor' : 'none'} />
            {item.fabbed ? m.unfab : m.fab}
          </button>
          <span className="text-xs text-muted" data-testid="fab-count">
            {m.fabCount(item.fabCount)}
          </span>
          <span className="ml-auto flex">
            {item.mine ? (
              <>
                <button
                  type="button"
                  onClick={() => onEdit(item)}
                  className="grid min-h-11 min-w-11 place-items-center rounded-xl hover:bg-raised"
                  aria-label={`${m.edit}: ${item.title}`}
                >
                  <Pencil aria-hidden size={16} />
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(item)}
                  className="grid min-h-11 min-w-11 place-items-center rounded-xl hover:bg-raised"
                  aria-label={`${m.delete}: ${item.title}`}
                >
                  <Trash2 aria-hidden size={16} />
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={() => onReport(item)}
                className="grid min-h-11 min-w-11 place-items-center rounded-xl text-muted hover:bg-raised"
                aria-label={`${m.report}: ${item.title}`}
              >
                <Flag aria-hidden size={16} />
              </button>
            )}
          </span>
        </div>
        {item.underReview && <span className="text-xs text-red-400">{messages.moderation.underReview}</span>}
      </div>
    </Card>
  );
}
