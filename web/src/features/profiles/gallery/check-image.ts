import { ACCEPTED_IMAGE_TYPES } from '@velvet/core/schemas/media.schema';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';

/**
 * The server's rules, checked before a byte is sent (spec §5): JPEG, PNG, WebP or GIF, under 5MB.
 * The server checks again on the bytes themselves; its answer is final.
 */
export function checkImage(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return messages.uploads.invalidImage;
  if (file.size >= limits.imageMaxBytes) return messages.uploads.imageTooLarge;
  return null;
}

export const ACCEPT_ATTRIBUTE = ACCEPTED_IMAGE_TYPES.join(',');
