import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@velvet/core/messages';
import { authApi, ApiError } from './api-client';
import { rememberStore } from './remember';
import { markSignedOut, sessionKey } from './session';
import { toast } from '../components/ui/toast-store';

/**
 * Signs out (spec §2/§4): a 401, 403 or 404 from the server still clears the local session;
 * any other failure shows the spec's error toast.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await authApi.post('/sign-out');
    } catch (err) {
      const ignorable = err instanceof ApiError && [401, 403, 404].includes(err.status);
      if (!ignorable) {
        toast({ title: messages.signOut.failureTitle, description: messages.signOut.failure, variant: 'destructive' });
        return false;
      }
    }
    rememberStore.clearKeepSignedIn();
    markSignedOut();
    queryClient.setQueryData(sessionKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
    toast({ title: messages.signOut.successTitle, description: messages.signOut.success, variant: 'success' });
    await navigate('/', { replace: true });
    return true;
  }, [navigate, queryClient]);
}
