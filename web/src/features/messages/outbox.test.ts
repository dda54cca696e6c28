import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { MessageDto, ThreadResponse } from '@velvet/core/schemas/message.schema';
import { queryClient } from '../../lib/query-client';
import { messageKeys } from './api/keys';
import { outbox } from './outbox';

/**
 * The outbox's state machine against a fake network (the one thing these unit tests stand in for)
 * and fake time: sending → stored, retrying with backoff (and at once when the connection is back),
 * or failed when the server refuses; one client id for every try.
 */
type Answer = { status: number; body: unknown } | 'offline';
let answers: Answer[] = [];
const sent: { url: string; body: { content: string; clientId: string } }[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({ url: new URL(request.url).pathname, body: (await request.json()) as { content: string; clientId: string } });
    const answer = answers.shift() ?? 'offline';
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  queryClient.setQueryData<InfiniteData<ThreadResponse>>(messageKeys.thread('sam'), {
    pages: [{ items: [], nextCursor: null }],
    pageParams: [null],
  });
});
afterEach(() => {
  outbox.clear();
  queryClient.clear();
  answers = [];
  sent.length = 0;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const stored = (clientId: string, content: string): { status: number; body: { message: MessageDto } } => ({
  status: 201,
  body: {
    message: {
      id: `id-${clientId}`,
      clientId,
      senderId: 'me',
      receiverId: 'sam',
      content,
      messageType: 'text',
      createdAt: '2026-11-24T10:00:00.000Z',
      readAt: null,
    },
  },
});
const pending = () => outbox.pending();
const threadIds = () =>
  queryClient.getQueryData<InfiniteData<ThreadResponse>>(messageKeys.thread('sam'))!.pages.flatMap((p) => p.items.map((m) => m.content));

describe('outbox', () => {
  it('retries a message sent offline with backoff, under one client id, until it is stored once', async () => {
    answers = ['offline', 'offline'];
    outbox.send('sam', 'Hello');
    // the send's promises settle; the clock does not move (vi.waitFor would move it)
    await vi.advanceTimersByTimeAsync(0);
    expect(pending()[0]?.state).toBe('retrying');
    expect(sent).toHaveLength(1);
    // nothing is sent again before the backoff is up
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    answers = [stored(sent[0]!.body.clientId, 'Hello')];
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(pending()).toEqual([]));
    expect(new Set(sent.map((s) => s.body.clientId)).size).toBe(1);
    expect(threadIds()).toEqual(['Hello']);
  });

  it('sends at once when the connection comes back, without waiting out the backoff', async () => {
    answers = ['offline'];
    outbox.send('sam', 'Back soon');
    await vi.waitFor(() => expect(pending()[0]?.state).toBe('retrying'));
    answers = [stored('x', 'Back soon')];
    outbox.retryAll();
    await vi.waitFor(() => expect(pending()).toEqual([]));
    expect(sent).toHaveLength(2);
  });

  it('marks a message the server refuses as failed, with its words; Retry sends it again', async () => {
    answers = [{ status: 403, body: { error: { code: 'BLOCKED', message: 'You cannot message this member.' } } }];
    outbox.send('sam', 'Hi');
    await vi.waitFor(() => expect(pending()[0]).toMatchObject({ state: 'failed', error: 'You cannot message this member.' }));
    // a failed message is not retried by time
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
    answers = [stored(sent[0]!.body.clientId, 'Hi')];
    outbox.retry(pending()[0]!.clientId);
    await vi.waitFor(() => expect(pending()).toEqual([]));
    expect(sent[1]!.body.clientId).toBe(sent[0]!.body.clientId);
  });

  it('keeps the order of a conversation: the second message waits for the first', async () => {
    answers = ['offline'];
    outbox.send('sam', 'one');
    outbox.send('sam', 'two');
    await vi.waitFor(() => expect(pending().map((m) => m.state)).toEqual(['retrying', 'sending']));
    expect(sent.map((s) => s.body.content)).toEqual(['one']);
    answers = [stored('1', 'one'), stored('2', 'two')];
    outbox.retryAll();
    await vi.waitFor(() => expect(pending()).toEqual([]));
    expect(sent.map((s) => s.body.content)).toEqual(['one', 'one', 'two']);
  });
});
