import type { MediaDto } from '@velvet/core/schemas/media.schema';
import type { MediaRow } from './media.repository';

/** Where the API serves a stored object (GET /api/v1/media/file/{key}, signed-in members). */
export const mediaFileUrl = (key: string) => `/api/v1/media/file/${key}`;

export function toMediaDto(row: MediaRow): MediaDto {
  return {
    id: row.id,
    kind: row.kind,
    url: mediaFileUrl(row.storageKey),
    thumbUrl: row.thumbKey ? mediaFileUrl(row.thumbKey) : null,
    width: row.width,
    height: row.height,
    position: row.position,
    underReview: row.underReview,
    createdAt: row.createdAt.toISOString(),
  };
}
