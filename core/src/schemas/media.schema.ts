import { z } from 'zod';
import { photoIdSchema } from './id.schema';

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
export const mediaDtoSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    url: z.string(),
    thumbUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    position: z.number().int(),
    /** reported as underage or non-consensual: hidden from others until a moderator decides (the owner sees it marked) */
    underReview: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Media' });
export type MediaDto = z.infer<typeof mediaDtoSchema>;
export const mediaResponseSchema = z.object({ media: mediaDtoSchema });
export const mediaListResponseSchema = z.object({ media: z.array(mediaDtoSchema) });

export const galleryOrderSchema = z.object({
  ids: z.array(photoIdSchema).max(GALLERY_MAX_PHOTOS),
});
