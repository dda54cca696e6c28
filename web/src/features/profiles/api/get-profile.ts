import { useQuery } from '@tanstack/react-query';
import type { ProfileView } from '@velvet/core/schemas/profile.schema';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** Another member's profile as the viewer may see it (a 404 is an ApiError with status 404). */
export const useProfile = (userId: string) =>
  useQuery({
    queryKey: profileKeys.view(userId),
    queryFn: async () => (await api.get<{ profile: ProfileView }>(`/profiles/${encodeURIComponent(userId)}`)).profile,
  });
