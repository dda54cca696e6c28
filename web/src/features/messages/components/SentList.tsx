import { Link } from 'react-router';
import { Send } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Avatar } from '../../../components/ui/Avatar';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Spinner } from '../../../components/ui/Spinner';
import { useSentMessages } from '../api/get-sent';
import { listTime } from '../format';
import { useToday } from '../../../lib/day-clock';
import { memberName } from './ConversationRow';

/** The Sent tab: every message the member sent, newest first, each opening its conversation. */
export function SentList() {
  const sent = useSentMessages();
  const today = useToday();
  const items = sent.data?.pages.flatMap((p) => p.items) ?? [];
  if (sent.isPending)
    return (
      <div className="grid justify-items-center p-6">
        <Spinner label="Loading sent messages" />
      </div>
    );
  if (sent.isError)
    return <LoadError error={sent.error} what="your sent messages" onRetry={() => void sent.refetch()} retrying={sent.isFetching} />;
  if (items.length === 0) return <EmptyState icon={<Send aria-hidden size={28} />} title={messages.messaging.noSent} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-2" aria-label="Sent messages">
        {items.map((m) => {
          const name = memberName(m.receiver);
          return (
            <li key={m.id}>
              <Link
                to={`/messages/${encodeURIComponent(m.receiverId)}`}
                className="flex min-h-16 items-center gap-3 rounded-2xl border border-line bg-card p-3 hover:bg-raised"
              >
                <Avatar src={m.receiver.avatarUrl} name={name} size={40} decorative />
                <span className="grid min-w-0 flex-1 grid-cols-1 gap-0.5">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="truncate font-semibold">To {name}</span>
                    <time dateTime={m.createdAt} className="shrink-0 text-xs text-muted">
                      {listTime(m.createdAt, today)}
                    </time>
                  </span>
                  <span className="truncate text-sm text-muted">{m.content}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <LoadMore hasMore={sent.hasNextPage} loading={sent.isFetchingNextPage} onLoad={() => void sent.fetchNextPage()} />
    </>
  );
}
