import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GALLERY_MAX_PHOTOS } from '@velvet/core/schemas/media.schema';
import { messages } from '@velvet/core/messages';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { sessionKey } from '../../../lib/session';
import { profileKeys } from '../api/keys';
import { uploadMedia } from '../api/upload-media';
import { checkImage } from './check-image';

export interface UploadItem {
  key: number;
  name: string;
  /** 0 to 1 */
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'error';
  error?: string;
}

let nextKey = 1;

/**
 * Gallery uploads, one file after another (so photos land in the order they were chosen), each with
 * its own progress. Files that break the rules are refused here with the server's words; the
 * server still checks everything and has the last word.
 */
export function useGalleryUploads(userId: string, photoCount: number) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(false);

  const update = (key: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    let added = 0;
    let lastError: string | null = null;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key, file } = next;
      update(key, { status: 'uploading', progress: 0 });
      try {
        await uploadMedia(file, 'gallery', (progress) => update(key, { progress }));
        update(key, { status: 'done', progress: 1 });
        added++;
        await queryClient.invalidateQueries({ queryKey: profileKeys.gallery(userId) });
      } catch (err) {
        lastError = err instanceof ApiError ? err.message : messages.uploads.failed;
        update(key, { status: 'error', error: lastError });
      }
    }
    running.current = false;
    void queryClient.invalidateQueries({ queryKey: profileKeys.own });
    void queryClient.invalidateQueries({ queryKey: sessionKey });
    // finished rows go: their photos are in the grid now; refused ones stay until dismissed
    setItems((list) => list.filter((item) => item.status !== 'done'));
    if (lastError) toast({ title: messages.uploads.errorTitle, description: lastError, variant: 'destructive' });
    else if (added > 0)
      toast({
        title: messages.uploads.successTitle,
        description: added === 1 ? messages.uploads.galleryDone : messages.uploads.galleryDoneCount(added),
        variant: 'success',
      });
  }, [queryClient, userId]);

  const add = useCallback(
    (files: File[]) => {
      const pending = queue.current.length + (running.current ? 1 : 0);
      let room = GALLERY_MAX_PHOTOS - photoCount - pending;
      const fresh: UploadItem[] = files.map((file) => {
        const problem = checkImage(file) ?? (room <= 0 ? messages.uploads.galleryFull : null);
        const item: UploadItem = { key: nextKey++, name: file.name, progress: 0, status: problem ? 'error' : 'queued' };
        if (problem) item.error = problem;
        else {
          room--;
          queue.current.push({ key: item.key, file });
        }
        return item;
      });
      setItems((list) => [...list.filter((item) => item.status !== 'error'), ...fresh]);
      const refused = fresh.filter((item) => item.error);
      if (refused.length > 0 && refused.length === fresh.length) {
        toast({ title: messages.uploads.errorTitle, description: refused[refused.length - 1]!.error, variant: 'destructive' });
      }
      if (queue.current.length > 0) void run();
    },
    [photoCount, run],
  );

  const dismiss = (key: number) => setItems((list) => list.filter((item) => item.key !== key));
  const busy = items.some((item) => item.status === 'queued' || item.status === 'uploading');

  return { items, add, dismiss, busy };
}
