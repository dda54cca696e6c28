import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@velvet/core/schemas/config.schema';
import { api } from '../../../lib/api-client';

export const usePublicConfig = () =>
  useQuery({ queryKey: ['config'], queryFn: () => api.get<PublicConfig>('/config'), staleTime: Infinity });
