import { Link } from 'react-router';
import { BellOff, ShieldCheck, Flag } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import type { Activity } from '@velvet/core/schemas/activity.schema';
import { Avatar } from '../../../components/ui/Avatar';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Spinner } from '../../../components/ui/Spinner';
import { useActivityFeed, useMarkActivityRead } from '../../../lib/activity';
import { whenText } from './when';
import { activityLine, activityTarget } from './activity-text';

const copy = messages.activity;

function Row({ activity: a, onOpen }: { activity: Activity; onOpen: (a: Activity) => void }) {
  const target = activityTarget(a);
  const body = (
    <>
      {a.actor ? (
        <Avatar src={a.actor.avatarUrl} name={a.actor.displayName} size={44} decorative />
      ) : (
        <span aria-hidden className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-raised text-pink-300">
          {a.type === 'report' ? <Flag size={20} /> : <ShieldCheck size={20} />}
        </span>
      )}
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className={`text-sm ${a.read ? 'text-muted' : 'font-semibold text-ink'}`}>{activityLine(a)}</span>
        <time dateTime={a.at} className="text-xs text-muted">
          {whenText(a.at)}
        </time>
      </span>
      {!a.read && (
        <span className="flex items-center gap-1 text-xs text-pink-300">
          <span aria-hidden className="bg-brand h-2.5 w-2.5 rounded-full" />
          <span className="sr-only">{copy.unread}</span>
        </span>
      )}
    </>
  );
  const box = 'flex min-h-14 items-center gap-3 rounded-2xl border border-line bg-card px-3 py-2';
  return (
    <li data-activity={a.type}>
      {target ? (
        <Link to={target} className={`${box} hover:bg-raised`} onClick={() => onOpen(a)}>
          {body}
        </Link>
      ) : (
        <div className={box}>
          {body}
          {!a.read && (
            <button type="button" className="min-h-11 rounded-xl px-2 text-xs text-pink-300 hover:bg-raised" onClick={() => onOpen(a)}>
              {copy.markRead}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The member's activities, newest first: loading, error and empty states, a row per activity
 * (opening one marks it read) and "Load more" for the next page. New ones arrive live (lib/activity).
 */
export function ActivityList({ unreadOnly = false }: { unreadOnly?: boolean }) {
  const query = useActivityFeed(unreadOnly);
  const markRead = useMarkActivityRead();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending)
    return (
      <div className="grid justify-items-center p-6">
        <Spinner label={`Loading ${copy.loadWhat}...`} />
      </div>
    );
  if (query.isError)
    return <LoadError error={query.error} what={copy.loadWhat} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (items.length === 0) return <EmptyState icon={<BellOff aria-hidden size={28} />} title={copy.noActivity} line={copy.noActivityLine} />;
  return (
    <>
      <ul className="grid gap-2" aria-label={copy.recentActivity}>
        {items.map((a) => (
          <Row key={a.id} activity={a} onOpen={(opened) => !opened.read && markRead.mutate(opened.id)} />
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
        label={copy.loadMore}
      />
    </>
  );
}
