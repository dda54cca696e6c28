import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** Another member's profile as the viewer may see it (a 404 is an ApiError with status 404). */
export const useProfile = (userId: string) =>
  useQuery({
    queryKey: profileKeys.view(userId),
    queryFn: async () => (await call(api.GET('/profiles/{userId}', { params: { path: { userId } } }))).profile,
  });
