import type { InfiniteData } from '@tanstack/react-query';
import type { MessageDto, ThreadResponse } from '@velvet/core/schemas/message.schema';
import { queryClient } from '../../lib/query-client';
import { messageKeys } from './api/keys';

type Thread = InfiniteData<ThreadResponse, unknown>;

const update = (otherId: string, change: (thread: Thread) => Thread) =>
  queryClient.setQueryData<Thread>(messageKeys.thread(otherId), (thread) => (thread ? change(thread) : thread));

/** Adds a stored message to the newest page of a loaded thread, once (the socket and the send reply both bring it). */
export function addToThread(otherId: string, message: MessageDto) {
  update(otherId, (thread) => {
    if (thread.pages.some((p) => p.items.some((m) => m.id === message.id))) return thread;
    const [newest, ...older] = thread.pages;
    if (!newest) return thread;
    const items = [...newest.items, message].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return { ...thread, pages: [{ ...newest, items }, ...older] };
  });
}

export function removeFromThread(otherId: string, messageId: string) {
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
