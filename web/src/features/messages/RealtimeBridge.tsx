import { useEffect } from 'react';
import { EVENT } from '@velvet/core/realtime/protocol';
import type { ServerEvent } from '@velvet/core/realtime/events';
import { receiveActivity, receiveActivityRead, refreshActivities } from '../../lib/activity';
import { refreshAfterBlockChange } from '../../lib/blocks';
import { realtime, useRealtimeStatus } from '../../lib/realtime';
import { queryClient } from '../../lib/query-client';
import { sessionKey } from '../../lib/session';
import { messageKeys } from './api/keys';
import { markThreadRead } from './api/mark-read';
import { clearLiveState, isThreadOpen, setPresence, setTyping } from './live-state';
import { outbox } from './outbox';
import { addToThread, markReadInThread, removeFromThread } from './thread-cache';

const refreshLists = () => void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
const refreshUnread = () => void queryClient.invalidateQueries({ queryKey: messageKeys.unread });

function handle(me: string, event: ServerEvent) {
  switch (event.type) {
    case EVENT.messageCreated: {
      const { message } = event.payload;
      const other = message.senderId === me ? message.receiverId : message.senderId;
      addToThread(other, message);
      outbox.confirm(message.clientId);
      refreshLists();
      if (message.receiverId === me) {
        setTyping(other, false);
        if (isThreadOpen(other)) markThreadRead(other).then(refreshUnread, refreshUnread);
        else refreshUnread();
      }
      return;
    }
    case EVENT.messageDeleted: {
      const { id, senderId, receiverId } = event.payload;
      removeFromThread(senderId === me ? receiverId : senderId, id);
      refreshLists();
      refreshUnread();
      return;
    }
    case EVENT.messageRead: {
      const { readerId, senderId, readAt } = event.payload;
      if (senderId === me) markReadInThread(readerId, me, readAt);
      if (readerId === me) {
        refreshUnread();
        refreshLists();
        // the conversation's notification was read with it
        refreshActivities();
      }
      return;
    }
    case EVENT.typing:
      setTyping(event.payload.userId, event.payload.typing);
      return;
    case EVENT.presence:
      setPresence(event.payload.userId, event.payload.online, event.payload.lastActiveAt);
      return;
    case EVENT.memberHidden: {
      // a block stood up (or came down) between us: no typing or presence of theirs stays on screen,
      // and every list, count, profile and chat is read again
      const { userId, hidden } = event.payload;
      if (hidden) {
        setTyping(userId, false);
        setPresence(userId, false, null);
      }
      refreshAfterBlockChange();
      return;
    }
    case EVENT.activityCreated:
      receiveActivity(event.payload.activity);
      return;
    case EVENT.activityRead:
      receiveActivityRead(event.payload);
      return;
    case EVENT.ready:
    case EVENT.resync:
    case EVENT.pong:
      return;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * Keeps the signed-in member's socket open and the messages cache live: events update threads,
 * lists and badges in place; after a reconnect everything about messages is fetched again (so a
 * dropped connection loses nothing) and the outbox retries at once.
 */
export function RealtimeBridge({ userId }: { userId: string }) {
  const status = useRealtimeStatus();

  useEffect(() => {
    const offEvents = realtime.subscribe((event) => handle(userId, event));
    const offReconnect = realtime.onReconnect(() => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      refreshActivities();
      outbox.retryAll();
    });
    // back online: waiting messages go now, not after their backoff
    const retryOutbox = () => outbox.retryAll();
    window.addEventListener('online', retryOutbox);
    realtime.start();
    return () => {
      window.removeEventListener('online', retryOutbox);
      offEvents();
      offReconnect();
      realtime.stop();
      outbox.clear();
      clearLiveState();
    };
  }, [userId]);

  // the server closed the socket because the session ended: let the guard send the member to sign in
  useEffect(() => {
    if (status === 'signed-out') void queryClient.invalidateQueries({ queryKey: sessionKey });
  }, [status]);

  return null;
}
