import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { connectionsKey } from '../../../lib/connections';

export const connectionStateKey = (userId: string) => [...connectionsKey, 'state', userId] as const;

/** Where the member stands with another: liked, winked today, friendship, hotlist (the action bar's states). */
export const useConnectionState = (userId: string) =>
  useQuery({
    queryKey: connectionStateKey(userId),
    queryFn: () => call(api.GET('/connections/{userId}', { params: { path: { userId } } })),
  });
