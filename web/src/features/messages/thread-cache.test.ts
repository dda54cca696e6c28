import { afterEach, describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { MessageDto, ThreadResponse } from '@velvet/core/schemas/message.schema';
import { queryClient } from '../../lib/query-client';
import { messageKeys } from './api/keys';
import { addToThread, forgetArrived, mergeArrived, removeFromThread, threadMessages } from './thread-cache';

const message = (id: string, at: string, content = id): MessageDto => ({
  id,
  clientId: `c-${id}`,
  senderId: 'alex',
  receiverId: 'me',
  content,
  messageType: 'text',
  createdAt: `2026-11-24T10:00:${at}.000Z`,
  readAt: null,
});

/** Starts loading the thread with `other`; resolves the load with `items` when told. */
function loading(other: string) {
  let answer!: (page: ThreadResponse) => void;
  const done = queryClient.fetchInfiniteQuery({
    queryKey: messageKeys.thread(other),
    queryFn: () => new Promise<ThreadResponse>((resolve) => (answer = resolve)),
    initialPageParam: null as string | null,
  });
  return {
    answer: async (items: MessageDto[]) => {
      answer({ items, nextCursor: null });
      await done;
    },
  };
}
const shown = (other: string) =>
  threadMessages(mergeArrived(other, queryClient.getQueryData<InfiniteData<ThreadResponse>>(messageKeys.thread(other))!)).map((m) => m.id);

afterEach(() => {
  queryClient.clear();
  for (const other of ['alex', 'sam', 'jo']) forgetArrived(other);
});

describe('thread cache', () => {
  it('keeps a message that arrives live while the thread loads, though the load answers from before it', async () => {
    const load = loading('alex');
    addToThread('alex', message('new', '30'));
    await load.answer([message('old', '10')]);
    expect(shown('alex')).toEqual(['old', 'new']);
    // a later answer that has it too shows it once
    queryClient.setQueryData<InfiniteData<ThreadResponse>>(messageKeys.thread('alex'), {
      pages: [{ items: [message('old', '10'), message('new', '30')], nextCursor: null }],
      pageParams: [null],
    });
    expect(shown('alex')).toEqual(['old', 'new']);
  });

  it('adds a live message to a loaded thread at once, in time order, once', async () => {
    const load = loading('sam');
    await load.answer([message('a', '10'), message('c', '30')]);
    addToThread('sam', message('b', '20'));
    addToThread('sam', message('b', '20'));
    expect(threadMessages(queryClient.getQueryData(messageKeys.thread('sam'))).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('forgets a message deleted before the load answered', async () => {
    const load = loading('jo');
    addToThread('jo', message('gone', '20'));
    removeFromThread('jo', 'gone');
    await load.answer([message('old', '10')]);
    expect(shown('jo')).toEqual(['old']);
  });

  it('keeps nothing for a thread nobody asked for: opening it later reads it whole', async () => {
    addToThread('alex', message('early', '05'));
    const load = loading('alex');
    await load.answer([message('old', '10')]);
    expect(shown('alex')).toEqual(['old']);
  });
});
