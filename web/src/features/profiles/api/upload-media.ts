import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaDto, ProfileImageKind } from '@velvet/core/schemas/media.schema';
import { messages } from '@velvet/core/messages';
import { ApiError } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';
import { profileKeys } from './keys';

/**
 * Uploads one image with progress (fetch cannot report upload progress; XMLHttpRequest can).
 * The server checks everything again: type by bytes, size, pixels; it answers in the spec's words.
 */
export function uploadMedia(file: File, kind: ProfileImageKind, onProgress?: (fraction: number) => void): Promise<MediaDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/media');
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
        resolve((body as { media: MediaDto }).media);
        return;
      }
      const error = (body as { error?: { code: string; message: string } } | undefined)?.error;
      reject(new ApiError(xhr.status, error?.code ?? `HTTP_${xhr.status}`, error?.message ?? messages.uploads.failed, body));
    };
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file);
    xhr.send(form);
  });
}

export function useUploadMedia(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => uploadMedia(file, kind, onProgress),
    onSuccess: (media) => {
      void queryClient.invalidateQueries({ queryKey: profileKeys.own });
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      void queryClient.invalidateQueries({ queryKey: ['gallery'] });
      return media;
    },
  });
}
