import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Ban, UserX } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { buttonClass } from '../../components/ui/Button';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { realtime, useRealtimeStatus } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { useConversations } from './api/get-conversations';
import { useChatMember } from './api/get-member';
import { messageKeys } from './api/keys';
import { markThreadRead } from './api/mark-read';
import { useThread } from './api/get-thread';
import { setOpenThread } from './live-state';
import { usePendingMessages } from './outbox';
import { forgetArrived, threadMessages } from './thread-cache';
import { ChatHeader, type ChatMember } from './components/ChatHeader';
import { Composer } from './components/Composer';
import { MessageList } from './components/MessageList';
import { memberName } from './components/ConversationRow';

const refreshCounts = () => {
  void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
  void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
};

/** /messages/:userId: the chat with one member (opened from the inbox or a profile's Message button). */
export default function ChatPage() {
  const { userId: otherId = '' } = useParams();
  const { user } = useSession();
  const thread = useThread(otherId);
  const pending = usePendingMessages(otherId);
  const status = useRealtimeStatus();
  const member = useMember(otherId);
  const items = threadMessages(thread.data);
  const stored = new Set(items.map((m) => m.clientId));
  const waiting = pending.filter((p) => !stored.has(p.clientId));

  useEffect(() => {
    setOpenThread(otherId);
    realtime.watchPresence([otherId]);
    const onVisible = () => {
      if (document.visibilityState === 'visible') markThreadRead(otherId).then(refreshCounts, () => undefined);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      setOpenThread(null);
      forgetArrived(otherId);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [otherId]);

  // loading the newest page marked their messages read: the badges follow
  useEffect(() => {
    if (thread.isSuccess) refreshCounts();
  }, [thread.isSuccess, thread.dataUpdatedAt]);

  if (!user) return null;
  const error = thread.error;
  // 404: no such member; a malformed id in the address (VALIDATION_FAILED) is no member either
  if (error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_FAILED' || error.code === 'SELF')) {
    return (
      <EmptyState
        headingLevel={1}
        icon={<UserX aria-hidden size={32} />}
        title={error.code === 'SELF' ? error.message : messages.messaging.recipientNotFound}
        action={
          <Link to="/messages" className={buttonClass('secondary')}>
            Back to Messages
          </Link>
        }
      />
    );
  }
  const blocked = error instanceof ApiError && (error.code === 'BLOCKED' || error.code === 'CANNOT_MESSAGE');

  return (
    <div className="grid grid-cols-1 gap-3">
      {member ? <ChatHeader member={member} blockable={!blocked} /> : <h1 className="text-lg font-bold">Messages</h1>}
      {status === 'reconnecting' && (
        <p role="status" className="rounded-xl bg-raised px-3 py-2 text-xs text-muted">
          Reconnecting… new messages will appear when the connection is back.
        </p>
      )}
      {blocked ? (
        <EmptyState icon={<Ban aria-hidden size={28} />} title={error.message} />
      ) : thread.isPending ? (
        <div className="grid h-[400px] place-items-center rounded-2xl border border-line bg-card">
          <Spinner label="Loading messages" />
        </div>
      ) : thread.isError ? (
        <LoadError
          title={messages.messaging.loadFailed}
          error={thread.error}
          what="these messages"
          onRetry={() => void thread.refetch()}
          retrying={thread.isFetching}
        />
      ) : (
        <MessageList
          me={user.id}
          otherId={otherId}
          otherName={member?.name ?? 'this member'}
          items={items}
          pending={waiting}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          onLoadOlder={() => void thread.fetchNextPage()}
        />
      )}
      {!blocked && <Composer otherId={otherId} disabled={thread.isError} />}
    </div>
  );
}

/** Who the chat is with: from the inbox when the conversation exists, else from their profile. */
function useMember(otherId: string): ChatMember | null {
  const inbox = useConversations('inbox', '');
  const fromInbox = inbox.data?.pages.flatMap((p) => p.items).find((c) => c.id === otherId)?.otherUser;
  const profile = useChatMember(otherId, !inbox.isPending && !fromInbox);
  if (fromInbox)
    return {
      id: otherId,
      name: memberName(fromInbox),
      avatarUrl: fromInbox.avatarUrl,
      verified: fromInbox.verified,
      online: fromInbox.online,
      lastActiveAt: fromInbox.lastActiveAt,
    };
  if (profile.data)
    return {
      id: otherId,
      name: profile.data.displayName,
      avatarUrl: profile.data.avatarUrl,
      verified: profile.data.verified,
      online: false,
      lastActiveAt: profile.data.lastActiveAt,
    };
  return null;
}
