import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@velvet/core/schemas/api.schema';
import { api, call } from './api-client';

export const sessionKey = ['session'] as const;

/** The signed-in member, or null when signed out (asked of /session, which answers 200 either way). */
export async function fetchSession(): Promise<MeResponse | null> {
  return (await call(api.GET('/session'))).me;
}

export function useSession() {
  const query = useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 30_000 });
  const me = query.data ?? null;
  return {
    me,
    user: me?.user ?? null,
    loading: query.isPending,
    error: query.error,
    isAuthenticated: Boolean(me?.user),
    refresh: query.refetch,
  };
}

/** Set when the member signs out on purpose, so the guard sends them home without a warning. */
let signedOutAt = 0;
export const markSignedOut = () => {
  signedOutAt = Date.now();
};
export const justSignedOut = () => Date.now() - signedOutAt < 3000;
