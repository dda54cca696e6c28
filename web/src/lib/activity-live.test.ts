import { afterEach, describe, expect, it } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { Activity, ActivityPage } from '@velvet/core/schemas/activity.schema';
import { activityKey, receiveActivity, receiveActivityRead } from './activity';
import { queryClient } from './query-client';

const activity = (id: string, at: string, read = false): Activity => ({
  id,
  type: 'wink',
  actor: { userId: 'u1', username: 'ann', displayName: 'Ann', avatarUrl: null },
  subject: null,
  detail: null,
  at: `2026-01-01T10:00:0${at}.000Z`,
  read,
});
const unreadKey = [...activityKey, 'unread'];
const feedKey = (which: 'all' | 'unread') => [...activityKey, 'feed', which];
const loadFeed = (which: 'all' | 'unread', ...pages: Activity[][]) =>
  queryClient.setQueryData<InfiniteData<ActivityPage, string | null>>(feedKey(which), {
    pages: pages.map((items, i) => ({ items, nextCursor: i < pages.length - 1 ? `c${i}` : null })),
    pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
  });
const readState = (which: 'all' | 'unread') =>
  queryClient.getQueryData<InfiniteData<ActivityPage>>(feedKey(which))?.pages.flatMap((p) => p.items.map((a) => [a.id, a.read] as const));
const badge = () => queryClient.getQueryData<{ unread: number }>(unreadKey)?.unread;

afterEach(() => queryClient.clear());

describe('marked read on another tab or device (activity.read)', () => {
  it('one: that activity shows read on every loaded page of every feed, and the badge takes the sent count', () => {
    queryClient.setQueryData(unreadKey, { unread: 3 });
    loadFeed('all', [activity('c', '3'), activity('b', '2')], [activity('a', '1')]);
    loadFeed('unread', [activity('c', '3'), activity('a', '1')]);
    receiveActivityRead({ ids: ['a'], unread: 2 });
    expect(badge()).toBe(2);
    expect(readState('all')).toEqual([
      ['c', false],
      ['b', false],
      ['a', true],
    ]);
    expect(readState('unread')).toEqual([
      ['c', false],
      ['a', true],
    ]);
  });

  it('all: every loaded activity shows read and the badge clears; a later live activity counts from there', () => {
    queryClient.setQueryData(unreadKey, { unread: 5 });
    loadFeed('all', [activity('c', '3'), activity('b', '2', true)], [activity('a', '1')]);
    receiveActivityRead({ all: true, unread: 0 });
    expect(badge()).toBe(0);
    expect(readState('all')?.every(([, read]) => read)).toBe(true);
    receiveActivity(activity('d', '4'));
    expect(badge()).toBe(1);
    expect(readState('all')?.[0]).toEqual(['d', false]);
  });

  it('sets the badge even before any feed was loaded, and the same event twice changes nothing more', () => {
    receiveActivityRead({ ids: ['zzz'], unread: 7 });
    expect(badge()).toBe(7);
    loadFeed('all', [activity('a', '1')]);
    receiveActivityRead({ ids: ['a'], unread: 6 });
    const once = queryClient.getQueryData(feedKey('all'));
    receiveActivityRead({ ids: ['a'], unread: 6 });
    expect(queryClient.getQueryData(feedKey('all'))).toBe(once);
    expect(badge()).toBe(6);
  });
});
