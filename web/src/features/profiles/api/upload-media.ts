import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaDto, ProfileImageKind } from '@velvet/core/schemas/media.schema';
import { messages } from '@velvet/core/messages';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { sessionKey } from '../../../lib/session';
import { profileKeys } from './keys';

/**
 * Uploads one image with progress. The server checks everything again: type by bytes, size,
 * pixels; it answers in the spec's words.
 */
export async function uploadMedia(file: File, kind: ProfileImageKind, onProgress?: (fraction: number) => void): Promise<MediaDto> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file);
  return (await uploadWithProgress('/media', form, { onProgress, failed: messages.uploads.failed })).media;
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
