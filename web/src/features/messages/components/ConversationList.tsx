import { useCallback, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { MessageCircle, Search, Star } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { CONVERSATION_SEARCH_MAX } from '@velvet/core/constants/messaging';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Spinner } from '../../../components/ui/Spinner';
import { buttonClass } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { useConversations } from '../api/get-conversations';
import { usePendingStars, useStarConversation } from '../api/star-conversation';
import { ConversationRow } from './ConversationRow';

/** Inbox or Saved: a searchable, paged list of conversations. */
export function ConversationList({ kind, me }: { kind: 'inbox' | 'saved'; me: string }) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const list = useConversations(kind, q);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const { mutate: star } = useStarConversation();
  const starring = usePendingStars();
  // one function for every row and every render, so a row redraws only when its own props change
  const onStar = useCallback(
    (otherId: string, starred: boolean) =>
      star({ otherId, starred }, { onError: (err) => toast({ title: 'Error', description: err.message, variant: 'destructive' }) }),
    [star],
  );

  return (
    <>
      <label className="relative block">
        <span className="sr-only">Search conversations</span>
        <Search aria-hidden size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          type="search"
          value={search}
          maxLength={CONVERSATION_SEARCH_MAX}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search conversations"
          className="min-h-11 w-full rounded-xl border border-line bg-card pl-10 pr-3 text-sm placeholder:text-muted"
        />
      </label>
      {list.isPending ? (
        <div className="grid justify-items-center p-6">
          <Spinner label="Loading conversations" />
        </div>
      ) : list.isError ? (
        <LoadError
          title={messages.messaging.conversationsFailed}
          error={list.error}
          what="your conversations"
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : items.length === 0 ? (
        q ? (
          <EmptyState
            icon={<Search aria-hidden size={28} />}
            title="No conversations found"
            line={`No one called “${q}” in your messages.`}
          />
        ) : kind === 'inbox' ? (
          <EmptyState
            icon={<MessageCircle aria-hidden size={28} />}
            title={messages.messaging.noConversations}
            line="Open a member's profile and tap Message to say hello."
            action={
              <Link to="/browse" className={buttonClass('secondary')}>
                Browse Members
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={<Star aria-hidden size={28} />}
            title={messages.messaging.noSaved}
            line="Tap the star on a conversation to keep it here."
          />
        )
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-2" aria-label={kind === 'inbox' ? 'Conversations' : 'Saved conversations'}>
            {items.map((c) => (
              <ConversationRow key={c.id} conversation={c} me={me} starring={starring.includes(c.id)} onStar={onStar} />
            ))}
          </ul>
          <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
        </>
      )}
    </>
  );
}
