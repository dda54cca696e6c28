import { useMutation, useQuery } from '@tanstack/react-query';
import { messages } from '@velvet/core/messages';
import type { ConnectionsSummary } from '@velvet/core/schemas/connection.schema';
import { api, ApiError, call } from './api-client';
import { queryClient } from './query-client';
import { toast } from '../components/ui/toast-store';

/** Every query about friends, winks and the hotlist sits under this key, so one invalidation refreshes them all. */
export const connectionsKey = ['connections'] as const;
export const connectionsSummaryKey = [...connectionsKey, 'summary'] as const;

/** The dashboard's counts and the member's own stats (GET /connections/summary). */
export function useConnectionsSummary() {
  const query = useQuery({
    queryKey: connectionsSummaryKey,
    queryFn: () => call(api.GET('/connections/summary')),
    // the spec's dashboard stats: stale after 10 s, refetched every 15 s while shown
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
  return query.data satisfies ConnectionsSummary | undefined;
}

/** What a member can do about another, as the API does it. */
export type ConnectionAction = 'invite' | 'accept' | 'decline' | 'cancel' | 'remove' | 'wink' | 'hotlistAdd' | 'hotlistRemove';

/** Calls the API for one action on `userId`; the caller shows the outcome. */
export async function runConnectionAction(action: ConnectionAction, userId: string): Promise<void> {
  const path = { params: { path: { userId } } };
  switch (action) {
    case 'invite':
      await call(api.POST('/friends/{userId}', path));
      return;
    case 'accept':
      await call(api.POST('/friends/{userId}/accept', path));
      return;
    case 'decline':
      await call(api.POST('/friends/{userId}/decline', path));
      return;
    case 'cancel':
    case 'remove':
      await call(api.DELETE('/friends/{userId}', path));
      return;
    case 'wink':
      await call(api.POST('/winks/{userId}', path));
      return;
    case 'hotlistAdd':
      await call(api.PUT('/hotlist/{userId}', path));
      return;
    case 'hotlistRemove':
      await call(api.DELETE('/hotlist/{userId}', path));
      return;
  }
}

const copy = messages.connections;
/** The toast after an action went through. */
const doneLine: Record<ConnectionAction, (name: string) => string> = {
  invite: copy.invited,
  accept: copy.accepted,
  decline: () => copy.declined,
  cancel: () => copy.cancelled,
  remove: copy.removed,
  wink: copy.winked,
  hotlistAdd: copy.hotlisted,
  hotlistRemove: copy.unhotlisted,
};

/**
 * One action on another member, with its toast: the server's own words when it refuses (a second
 * wink today, an invite already sent), and every friends, winks and hotlist query refreshed after.
 */
export function useConnectionAction() {
  return useMutation({
    mutationFn: ({ action, userId }: { action: ConnectionAction; userId: string; name: string }) => runConnectionAction(action, userId),
    onSuccess: (_, { action, name }) => toast({ title: doneLine[action](name), variant: 'success' }),
    onError: (err) => {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      toast({ title: 'Error', description: refused ? err.message : copy.failed, variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKey }),
  });
}
