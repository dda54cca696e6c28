import { useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';

export const usePublicConfig = () => useQuery({ queryKey: ['config'], queryFn: () => call(api.GET('/config')), staleTime: Infinity });
