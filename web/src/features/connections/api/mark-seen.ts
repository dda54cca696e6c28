import { useEffect } from 'react';
import { api, call } from '../../../lib/api-client';
import { connectionsSummaryKey } from '../../../lib/connections';
import { queryClient } from '../../../lib/query-client';

/** Opening /friends or /winks: what arrived until now is no longer NEW on the dashboard. */
export function useMarkSeen(what: 'invites' | 'winks') {
  useEffect(() => {
    call(api.POST('/connections/seen', { body: { what } }))
      .then(() => queryClient.invalidateQueries({ queryKey: connectionsSummaryKey }))
      // not being marked seen only leaves the NEW badge up: nothing for the member to do
      .catch(() => undefined);
  }, [what]);
}
