import { useMutation, useQuery } from '@tanstack/react-query';
import { messages } from '@velvet/core/messages';
import type { BlockedMember } from '@velvet/core/schemas/privacy.schema';
import { toast } from '../components/ui/toast-store';
import { api, ApiError, call } from './api-client';
import { queryClient } from './query-client';
import { sessionKey } from './session';

export const blocksKey = ['blocks'] as const;

/**
 * A block stood up or came down between the member and someone: every list, count, profile and
 * chat on screen is read again, so the other member drops out (or comes back) without a reload.
 * The server applies the block everywhere; this only makes the screen catch up.
 */
export function refreshAfterBlockChange() {
  void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
}

/** The members I blocked, newest first. */
export const useBlocks = () =>
  useQuery({ queryKey: blocksKey, queryFn: async () => (await call(api.GET('/blocks'))).items as BlockedMember[] });

const failed = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : fallback;

/** Blocks a member with an optional reason: 'User blocked', and every screen drops them. */
export function useBlockMember(onBlocked?: () => void) {
  return useMutation({
    mutationFn: (input: { userId: string; name: string; reason: string | null }) =>
      call(api.PUT('/blocks/{userId}', { params: { path: { userId: input.userId } }, body: { reason: input.reason } })),
    onSuccess: (_result, input) => {
      toast({ title: messages.privacy.blocked, description: messages.privacy.blockedLine(input.name), variant: 'success' });
      refreshAfterBlockChange();
      onBlocked?.();
    },
    onError: (err) => toast({ title: 'Error', description: failed(err, messages.privacy.blockFailed), variant: 'destructive' }),
  });
}

/** Lifts a block: 'User unblocked', and the member shows again. */
export function useUnblockMember() {
  return useMutation({
    mutationFn: (input: { userId: string; name: string }) =>
      call(api.DELETE('/blocks/{userId}', { params: { path: { userId: input.userId } } })),
    onSuccess: (_result, input) => {
      toast({ title: messages.privacy.unblocked, description: messages.privacy.unblockedLine(input.name), variant: 'success' });
      refreshAfterBlockChange();
    },
    onError: (err) => toast({ title: 'Error', description: failed(err, messages.privacy.unblockFailed), variant: 'destructive' }),
  });
}
