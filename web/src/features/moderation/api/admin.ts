import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';

export const adminKeys = {
  reports: ['admin', 'reports'] as const,
  suspended: ['admin', 'suspended'] as const,
  moderators: ['admin', 'moderators'] as const,
  audit: ['admin', 'audit'] as const,
};

/** Open reports, oldest first. */
export const useReportsQueue = () => useQuery({ queryKey: adminKeys.reports, queryFn: () => call(api.GET('/admin/reports')) });

export const useSuspended = () => useQuery({ queryKey: adminKeys.suspended, queryFn: () => call(api.GET('/admin/suspended')) });

export const useModerators = () => useQuery({ queryKey: adminKeys.moderators, queryFn: () => call(api.GET('/admin/moderators')) });

/** The audit log, newest first, a page at a time. */
export const useAuditLog = () =>
  useInfiniteQuery({
    queryKey: adminKeys.audit,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(api.GET('/admin/audit', { params: { query: { limit: 50, ...(pageParam ? { before: pageParam } : {}) } } })),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export type ReportDecision = 'dismiss' | 'remove';
export type MemberDecision = 'warn' | 'suspend' | 'unsuspend';

/** Every moderator decision, then the lists it changes are read again. */
export function useDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      d:
        | { kind: ReportDecision; reportId: string; reason: string }
        | { kind: MemberDecision; userId: string; reason: string; reportId?: string },
    ) => {
      switch (d.kind) {
        case 'dismiss':
          return call(api.POST('/admin/reports/{id}/dismiss', { params: { path: { id: d.reportId } }, body: { reason: d.reason } }));
        case 'remove':
          return call(api.POST('/admin/reports/{id}/remove', { params: { path: { id: d.reportId } }, body: { reason: d.reason } }));
        case 'warn':
          return call(
            api.POST('/admin/members/{userId}/warn', {
              params: { path: { userId: d.userId } },
              body: { reason: d.reason, ...(d.reportId ? { reportId: d.reportId } : {}) },
            }),
          );
        case 'suspend':
          return call(
            api.POST('/admin/members/{userId}/suspend', {
              params: { path: { userId: d.userId } },
              body: { reason: d.reason, ...(d.reportId ? { reportId: d.reportId } : {}) },
            }),
          );
        case 'unsuspend':
          return call(
            api.POST('/admin/members/{userId}/unsuspend', { params: { path: { userId: d.userId } }, body: { reason: d.reason } }),
          );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: 'user' | 'moderator'; reason: string }) => call(api.PUT('/admin/roles', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
