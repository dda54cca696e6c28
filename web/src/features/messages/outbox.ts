import { useSyncExternalStore } from 'react';
import { messages } from '@velvet/core/messages';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { toast } from '../../components/ui/toast-store';
import { messageKeys } from './api/keys';
import { sendMessage } from './api/send-message';
import { addToThread } from './thread-cache';

/**
 * Messages the member wrote that the server has not confirmed yet. A small state machine per
 * message: sending → (stored: removed from here) | retrying (network or server trouble: tried again
 * with backoff, and at once when the connection comes back) | failed (the server refused it: the
 * member may retry or discard). Each message keeps one client id for all its tries, and the server
 * stores a client id once, so a retry never duplicates.
 */
export interface PendingMessage {
  clientId: string;
  otherId: string;
  content: string;
  createdAt: string;
  state: 'sending' | 'retrying' | 'failed';
  error?: string;
  tries: number;
}

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
/** A server that keeps failing (not a lost connection) gets this many tries before the member is told. */
const SERVER_ERROR_TRIES = 4;

let pending: PendingMessage[] = [];
const listeners = new Set<() => void>();
const inFlight = new Set<string>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function set(next: PendingMessage[]) {
  pending = next;
  listeners.forEach((l) => l());
}
const patch = (clientId: string, change: Partial<PendingMessage>) =>
  set(pending.map((m) => (m.clientId === clientId ? { ...m, ...change } : m)));

function newClientId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Trouble that may pass by itself: offline (always worth waiting for), the server restarting or busy. */
const isTransient = (err: unknown, tries: number) =>
  !(err instanceof ApiError) ||
  err.status === 0 ||
  err.status === 408 ||
  err.status === 429 ||
  (err.status >= 500 && tries < SERVER_ERROR_TRIES);

/** Sends the conversation's queue in order, one message at a time, so the order is kept. */
async function drain(otherId: string) {
  if (inFlight.has(otherId)) return;
  const next = pending.find((m) => m.otherId === otherId && m.state !== 'failed');
  if (!next) return;
  inFlight.add(otherId);
  clearTimeout(timers.get(otherId));
  timers.delete(otherId);
  const wasRetrying = next.state === 'retrying';
  patch(next.clientId, { state: wasRetrying ? 'retrying' : 'sending', tries: next.tries + 1 });
  try {
    const { message } = await sendMessage(otherId, next.content, next.clientId);
    addToThread(otherId, message);
    set(pending.filter((m) => m.clientId !== next.clientId));
    void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
    if (wasRetrying) toast({ title: messages.messaging.sentTitle, description: messages.messaging.sent, variant: 'success' });
    inFlight.delete(otherId);
    void drain(otherId);
  } catch (err) {
    inFlight.delete(otherId);
    if (isTransient(err, next.tries + 1)) {
      patch(next.clientId, { state: 'retrying' });
      const delay = RETRY_MS[Math.min(next.tries, RETRY_MS.length - 1)]!;
      timers.set(
        otherId,
        setTimeout(() => void drain(otherId), delay),
      );
      return;
    }
    const reason = err instanceof ApiError && err.status < 500 ? err.message : messages.messaging.sendFailed;
    patch(next.clientId, { state: 'failed', error: reason });
    toast({ title: messages.messaging.sendFailedTitle, description: reason, variant: 'destructive' });
    void drain(otherId);
  }
}

export const outbox = {
  /** Queues a message (content already trimmed and checked) and starts sending it. */
  send(otherId: string, content: string) {
    const item: PendingMessage = {
      clientId: newClientId(),
      otherId,
      content,
      createdAt: new Date().toISOString(),
      state: 'sending',
      tries: 0,
    };
    set([...pending, item]);
    void drain(otherId);
  },
  retry(clientId: string) {
    const item = pending.find((m) => m.clientId === clientId);
    if (!item) return;
    patch(clientId, { state: 'retrying', error: undefined });
    void drain(item.otherId);
  },
  discard(clientId: string) {
    set(pending.filter((m) => m.clientId !== clientId));
  },
  /** The connection is back: try every waiting conversation now instead of after its backoff. */
  retryAll() {
    for (const otherId of new Set(pending.filter((m) => m.state === 'retrying').map((m) => m.otherId))) void drain(otherId);
  },
  /** A stored message arrived (socket or refetch): its pending copy, if any, is done. */
  confirm(clientId: string) {
    if (pending.some((m) => m.clientId === clientId && !inFlight.has(m.otherId))) set(pending.filter((m) => m.clientId !== clientId));
  },
  /** Every message waiting, oldest first (the chat page reads its own through usePendingMessages). */
  pending: (): readonly PendingMessage[] => pending,
  clear() {
    timers.forEach((t) => clearTimeout(t));
    timers.clear();
    set([]);
  },
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The pending messages of one conversation, oldest first. */
export function usePendingMessages(otherId: string) {
  const all = useSyncExternalStore(subscribe, () => pending);
  return all.filter((m) => m.otherId === otherId);
}
