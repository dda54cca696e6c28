import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentItem } from '@velvet/core/schemas/content.schema';
import { messages } from '@velvet/core/messages';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { contentKeys } from './keys';

/**
 * Sends one upload with its progress: `onProgress` gets the fraction of the body sent; once it is
 * all sent the server is still working on it (a video is remuxed), which the page shows as "Processing…".
 */
export async function uploadContent(form: FormData, onProgress?: (fraction: number) => void): Promise<ContentItem> {
  return (await uploadWithProgress('/content', form, { onProgress, failed: messages.content.failed })).item;
}

export function useUploadContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (fraction: number) => void }) => uploadContent(form, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
