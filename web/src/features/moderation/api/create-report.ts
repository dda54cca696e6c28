import { useMutation } from '@tanstack/react-query';
import type { CreateReport } from '@velvet/core/schemas/moderation.schema';
import { api, call } from '../../../lib/api-client';

/** A member reports a member, a message or a photo (a second report of the same item is the same one). */
export function useCreateReport() {
  return useMutation({
    mutationFn: (body: CreateReport) => call(api.POST('/reports', { body })),
  });
}
