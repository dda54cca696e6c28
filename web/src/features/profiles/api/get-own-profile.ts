import { useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@velvet/core/schemas/profile.schema';
import { api, ApiError, call } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** The member's own profile, or null before the wizard's first step. */
export async function fetchOwnProfile(): Promise<OwnProfile | null> {
  try {
    return (await call(api.GET('/profiles/me'))).profile;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const useOwnProfile = () => useQuery({ queryKey: profileKeys.own, queryFn: fetchOwnProfile });
