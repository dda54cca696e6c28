import type { InfiniteData } from '@tanstack/react-query';
import type { MessageDto, ThreadResponse } from '@velvet/core/schemas/message.schema';
import { queryClient } from '../../lib/query-client';
import { messageKeys } from './api/keys';

type Thread = InfiniteData<ThreadResponse, unknown>;

const update = (otherId: string, change: (thread: Thread) => Thread) =>
  queryClient.setQueryData<Thread>(messageKeys.thread(otherId), (thread) => (thread ? change(thread) : thread));

/** `message` in the newest page, once (the socket and the send reply both bring it), in time order. */
function withMessage(thread: Thread, message: MessageDto): Thread {
  if (thread.pages.some((p) => p.items.some((m) => m.id === message.id))) return thread;
  const [newest, ...older] = thread.pages;
  if (!newest) return thread;
  const items = [...newest.items, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { ...thread, pages: [{ ...newest, items }, ...older] };
}

/**
 * Messages that arrived live while their thread was loading (or not loaded yet): a load that began
 * before they were stored answers without them, so they are kept here and added to what it answers
 * (`mergeArrived`). Without this, a message sent while the receiver's thread was still loading
 * vanished from their view.
 */
const arrivedWhileLoading = new Map<string, Map<string, MessageDto>>();

/** Adds a stored message to the newest page of its thread, once; kept for the load if one is under way. */
export function addToThread(otherId: string, message: MessageDto) {
  const state = queryClient.getQueryState(messageKeys.thread(otherId));
  // a thread never asked for will be read whole when it is opened: nothing to keep
  if (state && (!state.data || state.fetchStatus === 'fetching')) {
    let arrived = arrivedWhileLoading.get(otherId);
    if (!arrived) arrivedWhileLoading.set(otherId, (arrived = new Map()));
    arrived.set(message.id, message);
  }
  update(otherId, (thread) => withMessage(thread, message));
}

/**
 * A thread as a load answered it, with the messages that arrived live meanwhile added: called with
 * every answer the thread query writes (its `select`, so an answer written after one more message
 * arrived still gets it). The kept messages stay until the thread is left (`forgetArrived`), since a
 * later refetch may again answer from before them; one deleted meanwhile goes (`removeFromThread`).
 */
export function mergeArrived(otherId: string, thread: Thread): Thread {
  const arrived = arrivedWhileLoading.get(otherId);
  if (!arrived || arrived.size === 0) return thread;
  let merged = thread;
  for (const message of arrived.values()) merged = withMessage(merged, message);
  return merged;
}

export const forgetArrived = (otherId: string) => arrivedWhileLoading.delete(otherId);

export function removeFromThread(otherId: string, messageId: string) {
  arrivedWhileLoading.get(otherId)?.delete(messageId);
  update(otherId, (thread) => ({
    ...thread,
    pages: thread.pages.map((p) => ({ ...p, items: p.items.filter((m) => m.id !== messageId) })),
  }));
}

/** `readerId` has read everything `senderId` sent them up to `readAt`. */
export function markReadInThread(otherId: string, senderId: string, readAt: string) {
  update(otherId, (thread) => ({
    ...thread,
    pages: thread.pages.map((p) => ({
      ...p,
      items: p.items.map((m) => (m.senderId === senderId && !m.readAt && m.createdAt <= readAt ? { ...m, readAt } : m)),
    })),
  }));
}

/** The messages of a loaded thread, oldest first. */
export const threadMessages = (thread: Thread | undefined): MessageDto[] =>
  thread ? [...thread.pages].reverse().flatMap((p) => p.items) : [];
