import { useMutation } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { discoverKeys } from './keys';

/** Start over: the server forgets the member's passes, and the feed is read again with them back. */
export const useStartOver = () =>
  useMutation({
    mutationFn: () => call(api.POST('/discover/start-over')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discoverKeys.all }),
  });
