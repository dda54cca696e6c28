import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentItem } from '@velvet/core/schemas/content.schema';
import { messages } from '@velvet/core/messages';
import { ApiError } from '../../../lib/api-client';
import { contentKeys } from './keys';

/**
 * Sends one upload with its true progress (fetch cannot report upload progress; XMLHttpRequest
 * can). `onProgress` gets the fraction of the body sent; once it is all sent the server is still
 * working on it (a video is remuxed), which the page shows as "Processing…".
 */
export function uploadContent(form: FormData, onProgress?: (fraction: number) => void): Promise<ContentItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/content');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', messages.signIn.network));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((body as { item: ContentItem }).item);
        return;
      }
      const error = (body as { error?: { code: string; message: string } } | undefined)?.error;
      reject(new ApiError(xhr.status, error?.code ?? `HTTP_${xhr.status}`, error?.message ?? messages.content.failed, body));
    };
    xhr.send(form);
  });
}

export function useUploadContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, onProgress }: { form: FormData; onProgress?: (fraction: number) => void }) => uploadContent(form, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }),
  });
}
