import type { ActivityReadPayload } from '@velvet/core/realtime/events';
import type { Activity, ActivityPage } from '@velvet/core/schemas/activity.schema';

/** The feed as TanStack Query keeps an infinite query: pages in order, and each page's cursor. */
export interface FeedData {
  pages: ActivityPage[];
  pageParams: unknown[];
}

const hasActivity = (data: FeedData, id: string) => data.pages.some((p) => p.items.some((a) => a.id === id));

/**
 * A live activity (from the socket) merged into the paged feed: at the top of the first page, in
 * time order, once. Already there (the page was fetched after it was recorded, or the event came
 * twice): the data is returned unchanged. The cursors stay as they are: the next page still begins
 * after the last row the server sent, so nothing is skipped or repeated.
 */
export function mergeLiveActivity(
  data: FeedData | undefined,
  activity: Activity,
  opts: { unreadOnly?: boolean } = {},
): FeedData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (opts.unreadOnly && activity.read) return data;
  if (hasActivity(data, activity.id)) return data;
  const [first, ...rest] = data.pages;
  const items = [...first!.items, activity].sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  return { ...data, pages: [{ ...first!, items }, ...rest] };
}

/**
 * The unread badge after a live activity: one more when it is new to this feed. `known` says whether
 * the feed in the cache already holds it (then the count the server sent already counted it).
 */
export function bumpUnread(count: number | undefined, activity: Activity, known: boolean): number | undefined {
  if (count === undefined || activity.read || known) return count;
  return count + 1;
}

/** Whether the cached feed already shows this activity. */
export const feedHas = (data: FeedData | undefined, id: string) => !!data && hasActivity(data, id);

/** One activity marked read in the cached feed (unread-only feeds keep it until refetched, shown read). */
export function markReadInFeed(data: FeedData | undefined, id: string): FeedData | undefined {
  if (!data || !hasActivity(data, id)) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((a) => (a.id === id ? { ...a, read: true } : a)) })) };
}

/** Every activity in the cached feed marked read. */
export function markAllReadInFeed(data: FeedData | undefined): FeedData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((a) => (a.read ? a : { ...a, read: true })) })) };
}

/** What the member marked read (on any of their devices) applied to a cached feed: the named ones, or all. */
export function applyRead(data: FeedData | undefined, read: ActivityReadPayload): FeedData | undefined {
  if ('all' in read) return markAllReadInFeed(data);
  return read.ids.reduce<FeedData | undefined>((feed, id) => markReadInFeed(feed, id), data);
}
