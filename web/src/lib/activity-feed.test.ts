import { describe, expect, it } from 'vitest';
import type { Activity } from '@velvet/core/schemas/activity.schema';
import { applyRead, bumpUnread, feedHas, markAllReadInFeed, markReadInFeed, mergeLiveActivity, type FeedData } from './activity-feed';

const activity = (id: string, at: string, read = false): Activity => ({
  id,
  type: 'wink',
  actor: { userId: 'u1', username: 'ann', displayName: 'Ann', avatarUrl: null },
  subject: null,
  detail: null,
  at,
  read,
});
const feed = (...pages: Activity[][]): FeedData => ({
  pages: pages.map((items, i) => ({ items, nextCursor: i < pages.length - 1 ? `c${i}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i - 1}`)),
});
const ids = (data: FeedData | undefined) => data?.pages.map((p) => p.items.map((a) => a.id));

describe('merging a live activity into the paged feed', () => {
  const paged = feed(
    [activity('c', '2026-01-01T10:00:03.000Z'), activity('b', '2026-01-01T10:00:02.000Z')],
    [activity('a', '2026-01-01T10:00:01.000Z')],
  );

  it('puts a new one at the top of the first page, cursors untouched', () => {
    const next = mergeLiveActivity(paged, activity('d', '2026-01-01T10:00:04.000Z'));
    expect(ids(next)).toEqual([['d', 'c', 'b'], ['a']]);
    expect(next?.pageParams).toEqual(paged.pageParams);
    expect(next?.pages.map((p) => p.nextCursor)).toEqual(['c0', null]);
  });

  it('adds nothing when the activity is already on any page (a refetch raced the event, or the event came twice)', () => {
    expect(mergeLiveActivity(paged, activity('a', '2026-01-01T10:00:01.000Z'))).toBe(paged);
    const once = mergeLiveActivity(paged, activity('d', '2026-01-01T10:00:04.000Z'));
    expect(mergeLiveActivity(once, activity('d', '2026-01-01T10:00:04.000Z'))).toBe(once);
  });

  it('keeps time order when events arrive out of order', () => {
    const next = mergeLiveActivity(paged, activity('e', '2026-01-01T10:00:02.500Z'));
    expect(ids(next)?.[0]).toEqual(['c', 'e', 'b']);
  });

  it('leaves a feed not loaded yet alone, and a read activity out of the unread feed', () => {
    expect(mergeLiveActivity(undefined, activity('d', '2026-01-01T10:00:04.000Z'))).toBeUndefined();
    expect(mergeLiveActivity(paged, activity('d', '2026-01-01T10:00:04.000Z', true), { unreadOnly: true })).toBe(paged);
  });
});

describe('the unread badge', () => {
  it('rises by one for a new unread activity, not for one the feed already holds, nor for a read one', () => {
    const paged = feed([activity('c', '2026-01-01T10:00:03.000Z')]);
    const live = activity('d', '2026-01-01T10:00:04.000Z');
    expect(bumpUnread(2, live, feedHas(paged, 'd'))).toBe(3);
    expect(bumpUnread(2, activity('c', '2026-01-01T10:00:03.000Z'), feedHas(paged, 'c'))).toBe(2);
    expect(bumpUnread(2, activity('e', '2026-01-01T10:00:05.000Z', true), false)).toBe(2);
    // no count fetched yet: the fetch will say
    expect(bumpUnread(undefined, live, false)).toBeUndefined();
  });

  it('marks one or all read in the cached pages', () => {
    const paged = feed([activity('c', '2026-01-01T10:00:03.000Z')], [activity('a', '2026-01-01T10:00:01.000Z')]);
    expect(markReadInFeed(paged, 'a')?.pages[1]?.items[0]?.read).toBe(true);
    expect(markReadInFeed(paged, 'a')?.pages[0]?.items[0]?.read).toBe(false);
    expect(markReadInFeed(paged, 'zzz')).toBe(paged);
    expect(markAllReadInFeed(paged)?.pages.flatMap((p) => p.items.map((a) => a.read))).toEqual([true, true]);
  });
});

describe('what was marked read elsewhere', () => {
  const paged = feed([activity('c', '2026-01-01T10:00:03.000Z')], [activity('a', '2026-01-01T10:00:01.000Z')]);
  it('marks the named ones, or all; an unknown id or an unloaded feed is left as it is', () => {
    expect(applyRead(paged, { ids: ['a'], unread: 1 })?.pages.map((p) => p.items.map((a) => a.read))).toEqual([[false], [true]]);
    expect(applyRead(paged, { all: true, unread: 0 })?.pages.flatMap((p) => p.items.map((a) => a.read))).toEqual([true, true]);
    expect(applyRead(paged, { ids: ['zzz'], unread: 2 })).toBe(paged);
    expect(applyRead(undefined, { all: true, unread: 0 })).toBeUndefined();
  });
});
