import { useEffect, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '@velvet/core/schemas/media.schema';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { FileDrop } from '../../components/ui/FileDrop';
import { initialsOf } from '../../components/ui/Avatar';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useUploadMedia } from './api/upload-media';

type ImageKind = 'avatar' | 'cover';

/** Does the file start like a JPEG, PNG, GIF or WebP? (the server decodes it again: its word is final) */
async function looksLikeImage(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b);
  const gif = ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
  const webp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  return jpeg || png || gif || webp;
}

/** The same rules as the server (spec §5): an accepted image type, under 5MB. */
export async function checkImage(file: File): Promise<string | null> {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return messages.uploads.invalidImage;
  if (file.size >= limits.imageMaxBytes) return messages.uploads.imageTooLarge;
  if (!(await looksLikeImage(file))) return messages.uploads.invalidImage;
  return null;
}

const copy: Record<ImageKind, { label: string; done: string }> = {
  avatar: { label: 'Profile photo', done: messages.uploads.avatarDone },
  cover: { label: 'Cover photo', done: messages.uploads.coverDone },
};

interface Props {
  kind: ImageKind;
  /** The picture the profile has now. */
  currentUrl: string | null;
  /** For the initials shown when there is no avatar yet. */
  name?: string;
  /** Told when an upload starts and ends (e.g. to hold a form's submit meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The avatar or cover uploader (spec §2, §5): checks the file, uploads it with progress, then the
 * 'Success!' toast; the server sets the profile's picture and may still refuse the file.
 */
export function ImageUploader({ kind, currentUrl, name, onBusyChange }: Props) {
  const upload = useUploadMedia(kind);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  const [uploadedUrl, setUploadedUrl] = useState<string | null>(null);
  const localRef = useRef<string | null>(null);

  const showLocal = (url: string | null) => {
    if (localRef.current) URL.revokeObjectURL(localRef.current);
    localRef.current = url;
    setLocalUrl(url);
  };
  useEffect(() => () => showLocal(null), []);

  const fail = (message: string) => {
    setError(message);
    toast({ title: messages.uploads.errorTitle, description: message, variant: 'destructive' });
  };

  const onFile = async (file: File) => {
    setError(undefined);
    const problem = await checkImage(file);
    if (problem) {
      fail(problem);
      return;
    }
    showLocal(URL.createObjectURL(file));
    setProgress(0);
    onBusyChange?.(true);
    try {
      const media = await upload.mutateAsync({ file, onProgress: (f) => setProgress(Math.min(99, f * 100)) });
      setUploadedUrl(media.url);
      toast({ title: messages.uploads.successTitle, description: copy[kind].done, variant: 'success' });
    } catch (err) {
      // a refusal (4xx) or the network speaks for itself; anything else gets the plain words
      const known = err instanceof ApiError && err.status < 500 && err.message;
      fail(known || messages.uploads.failed);
      showLocal(null);
    } finally {
      // after a success the local copy stays on show: it is the same picture, without a reload
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  return (
    <FileDrop
      label={copy[kind].label}
      prompt={messages.uploads.chooseImage}
      hint={messages.uploads.imageHint}
      accept={ACCEPTED_IMAGE_TYPES.join(',')}
      shape={kind === 'avatar' ? 'round' : 'wide'}
      previewUrl={localUrl ?? uploadedUrl ?? currentUrl}
      fallback={name ? <span className="text-lg font-semibold">{initialsOf(name)}</span> : undefined}
      progress={progress}
      progressLabel={messages.uploads.uploading}
      error={error}
      onFile={(file) => void onFile(file)}
    />
  );
}
