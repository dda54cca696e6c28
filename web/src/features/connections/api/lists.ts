import { useInfiniteQuery } from '@tanstack/react-query';
import type { FriendsTab, WinksTab } from '@velvet/core/schemas/connection.schema';
import { api, call } from '../../../lib/api-client';
import { connectionsKey } from '../../../lib/connections';

const pages = { initialPageParam: null as string | null, getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor };
const cursor = (pageParam: string | null) => (pageParam ? { cursor: pageParam } : {});

/** My friends, invites received or invites sent, newest first, page by page. */
export const useFriends = (tab: FriendsTab) =>
  useInfiniteQuery({
    queryKey: [...connectionsKey, 'friends', tab],
    queryFn: ({ pageParam }) => call(api.GET('/friends', { params: { query: { tab, ...cursor(pageParam) } } })),
    ...pages,
  });

/** Winks received or sent, newest first. */
export const useWinks = (tab: WinksTab) =>
  useInfiniteQuery({
    queryKey: [...connectionsKey, 'winks', tab],
    queryFn: ({ pageParam }) => call(api.GET('/winks', { params: { query: { tab, ...cursor(pageParam) } } })),
    ...pages,
  });

/** My hotlist, newest added first. */
export const useHotlist = () =>
  useInfiniteQuery({
    queryKey: [...connectionsKey, 'hotlist'],
    queryFn: ({ pageParam }) => call(api.GET('/hotlist', { params: { query: cursor(pageParam) } })),
    ...pages,
  });
