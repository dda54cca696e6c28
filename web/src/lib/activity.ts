import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Activity, ActivityPage } from '@velvet/core/schemas/activity.schema';
import { api, call } from './api-client';
import { queryClient } from './query-client';
import { connectionsKey } from './connections';
import type { ActivityReadPayload } from '@velvet/core/realtime/events';
import { applyRead, bumpUnread, feedHas, markAllReadInFeed, markReadInFeed, mergeLiveActivity, type FeedData } from './activity-feed';

/** Every query about the member's activities sits under this key. */
export const activityKey = ['activities'] as const;
const unreadKey = [...activityKey, 'unread'] as const;
const feedKey = (unreadOnly: boolean) => [...activityKey, 'feed', unreadOnly ? 'unread' : 'all'] as const;

/** Unread notifications: the badge on Updates in the top bar and on the dashboard (the server counts up to 100). */
export function useActivityUnread(enabled = true) {
  const query = useQuery({
    queryKey: unreadKey,
    queryFn: () => call(api.GET('/activities/unread-count')),
    enabled,
    staleTime: 60_000,
  });
  return query.data?.unread ?? 0;
}

/** The member's updates, newest first, a page at a time (the server's keyset cursor). */
export const useActivityFeed = (unreadOnly = false) =>
  useInfiniteQuery({
    queryKey: feedKey(unreadOnly),
    queryFn: ({ pageParam }) =>
      call(
        api.GET('/activities', {
          params: { query: { ...(pageParam ? { cursor: pageParam } : {}), ...(unreadOnly ? { unread: 'true' as const } : {}) } },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ActivityPage) => last.nextCursor,
  });

type Feed = InfiniteData<ActivityPage, string | null>;
const feeds = () => queryClient.getQueriesData<Feed>({ queryKey: [...activityKey, 'feed'] });

/** Activities that change the member's friends, invites, winks or likes: their counts and lists are read again. */
const CONNECTION_TYPES = new Set<Activity['type']>(['friend_invite', 'friend_accept', 'wink', 'like', 'match']);

/** The latest new content of each member on the hotlist, by member id (GET /activities/hotlist). */
export function useHotlistUpdates() {
  const query = useQuery({
    queryKey: [...activityKey, 'hotlist'],
    queryFn: () => call(api.GET('/activities/hotlist')),
    staleTime: 60_000,
  });
  return new Map((query.data?.items ?? []).map((i) => [i.userId, i.activity]));
}

/** A live activity from the socket: into every loaded feed once, and the badge up by one when it is new here. */
export function receiveActivity(activity: Activity) {
  if (CONNECTION_TYPES.has(activity.type)) void queryClient.invalidateQueries({ queryKey: connectionsKey });
  const known = feeds().some(([, data]) => feedHas(data, activity.id));
  queryClient.setQueryData<{ unread: number }>(unreadKey, (old) => {
    const unread = bumpUnread(old?.unread, activity, known);
    return unread === undefined ? old : { unread };
  });
  for (const unreadOnly of [false, true])
    queryClient.setQueryData<Feed>(feedKey(unreadOnly), (old) => mergeLiveActivity(old, activity, { unreadOnly }) as Feed | undefined);
}

/**
 * The member marked activities read, on this tab or another of their tabs or devices: the badge takes
 * the count the server sent with it, and every loaded feed shows them read, at once.
 */
export function receiveActivityRead(read: ActivityReadPayload) {
  queryClient.setQueryData<{ unread: number }>(unreadKey, { unread: read.unread });
  for (const [key, data] of feeds()) queryClient.setQueryData(key, applyRead(data as FeedData | undefined, read));
}

/** Reads every activity query again (after a reconnect, or when a conversation was read). */
export const refreshActivities = () => void queryClient.invalidateQueries({ queryKey: activityKey });

/** Marks one activity read (opening it), at once on screen, then as the server says. */
export function useMarkActivityRead() {
  return useMutation({
    mutationFn: (id: string) => call(api.POST('/activities/{id}/read', { params: { path: { id } } })),
    onMutate: (id) => {
      for (const [key, data] of feeds()) queryClient.setQueryData(key, markReadInFeed(data as FeedData | undefined, id));
    },
    onSettled: refreshActivities,
  });
}

/** Marks everything read: the badge clears at once. */
export function useMarkAllActivityRead() {
  return useMutation({
    mutationFn: () => call(api.POST('/activities/read-all')),
    onMutate: () => {
      queryClient.setQueryData(unreadKey, { unread: 0 });
      for (const [key, data] of feeds()) queryClient.setQueryData(key, markAllReadInFeed(data as FeedData | undefined));
    },
    onSettled: refreshActivities,
  });
}
