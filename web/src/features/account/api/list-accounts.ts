import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { accountKeys } from './keys';

export interface LinkedAccount {
  id: string;
  providerId: string;
}

/** GET /api/auth/list-accounts: how the member signs in ('credential' is a password). */
export const fetchLinkedAccounts = () => authApi.get<LinkedAccount[]>('/list-accounts');

export function useHasPassword() {
  const query = useQuery({ queryKey: accountKeys.linkedAccounts, queryFn: fetchLinkedAccounts, staleTime: 60_000 });
  return { ...query, hasPassword: query.data ? query.data.some((a) => a.providerId === 'credential') : undefined };
}
