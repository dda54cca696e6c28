import { z } from 'zod';

/** Image kinds a member uploads from the profile screens. */
export const PROFILE_IMAGE_KINDS = ['avatar', 'cover', 'gallery'] as const;
export type ProfileImageKind = (typeof PROFILE_IMAGE_KINDS)[number];

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const GALLERY_MAX_PHOTOS = 30;
/** Longest side after re-encoding, and the pixel cap that refuses decompression bombs. */
export const IMAGE_MAX_SIDE = 2048;
export const IMAGE_MAX_PIXELS = 40_000_000;
export const THUMB_SIDE = 480;

/** A photo as the API returns it. */
export interface MediaDto {
  id: string;
  kind: string;
  url: string;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
  position: number;
  createdAt: string;
}

export const galleryOrderSchema = z.object({
  ids: z.array(z.string().uuid()).max(GALLERY_MAX_PHOTOS),
});
