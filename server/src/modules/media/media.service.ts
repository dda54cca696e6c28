import { messages } from '@velvet/core/messages';
import { canModerate } from '@velvet/core/constants/roles';
import { GALLERY_MAX_PHOTOS, type MediaDto, type ProfileImageKind } from '@velvet/core/schemas/media.schema';
import type { Logger } from '../../logger';
import { AppError } from '../../middleware/errors';
import { processImage, type EncodedImage } from '../../images/process-image';
import { assertSafeKey, ObjectExistsError, type ByteRange, type Storage, type StoredObject } from '../../storage/storage';
import { mediaFileUrl, toMediaDto } from './media.dto';
import type { MediaRepository, MediaRow } from './media.repository';

/**
 * The Cache-Control of a member's file (GET /media/file), sent on each request. Files are served
 * to signed-in members only, so shared caches (a CDN, a proxy) must not keep them: private. And
 * whether a member may still see one can change at any time (a block, a hold, pay-per-view, a
 * sign-out on a shared computer), so the browser must ask again before each use (no-cache)
 * rather than keep it for spec §9's 3600 s: its ETag makes that answer a bodiless 304 while the
 * member may still see the file, and a 404 once they may not.
 */
export const MEDIA_CACHE_CONTROL = 'private, no-cache';
const KEY_ATTEMPTS = 5;

const notFound = () => new AppError(404, 'NOT_FOUND', messages.uploads.notFound);
/** The profile page's own answer for a member the viewer may not see: nothing tells that they exist. */
const memberNotFound = () => new AppError(404, 'PROFILE_NOT_FOUND', messages.profile.notFound);
const notYours = () => new AppError(403, 'NOT_YOURS', messages.uploads.notYours);
const galleryFull = () => new AppError(409, 'GALLERY_FULL', messages.uploads.galleryFull);

/** Who is looking: their id, and their role (moderators see what is held back for review). */
export interface Viewer {
  id: string;
  role?: string | null;
  /** a premium member (profiles.membership_type): entitled to premium-only content */
  premium?: boolean;
}

/**
 * Who may fetch a stored object. Verification photos (and anything marked private) are their
 * owner's only (DESIGN.md §7). A photo under review (reported as underage or as a non-consensual or
 * stolen image) is its owner's and the moderators' until a moderator decides. Creator content for
 * premium members is theirs and the owner's; a pay-per-view original is its owner's alone: everyone
 * else gets only the blurred preview made at upload (`previewKey`). Everything else is for signed-in
 * members. `key` is the object asked for (the original, its thumbnail or its preview); without it,
 * whether the viewer may see the item itself (the original).
 */
export function canView(
  row: Pick<MediaRow, 'ownerId' | 'kind' | 'visibility' | 'underReview' | 'previewKey'>,
  viewer: Viewer,
  key?: string,
): boolean {
  if (row.kind === 'verification' || row.visibility === 'private') return row.ownerId === viewer.id;
  if (row.underReview) return row.ownerId === viewer.id || canModerate(viewer.role);
  if (row.ownerId === viewer.id) return true;
  const preview = key !== undefined && key === row.previewKey;
  if (row.visibility === 'ppv') return preview;
  if (row.visibility === 'premium') return preview || viewer.premium === true;
  return true;
}

export interface MediaServiceDeps {
  repo: MediaRepository;
  storage: Storage;
  log: Logger;
  /** the clock for storage keys; tests may pin it */
  now?: () => number;
}

export function mediaService({ repo, storage, log, now = Date.now }: MediaServiceDeps) {
  /** Best effort: a file left behind costs disk, never correctness, so failures are logged only. */
  async function removeObjects(keys: (string | null)[]) {
    await Promise.all(
      keys
        .filter((k): k is string => !!k)
        .map((key) => storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not delete a stored object'))),
    );
  }

  /** Stores the image and its thumbnail under `{userId}/{kind}_{timestamp}[_thumb].webp`, never overwriting. */
  async function putPair(userId: string, kind: ProfileImageKind, main: EncodedImage, thumb: EncodedImage) {
    let stamp = now();
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++, stamp++) {
      const key = `${userId}/${kind}_${stamp}.webp`;
      const thumbKey = `${userId}/${kind}_${stamp}_thumb.webp`;
      try {
        await storage.put(key, main.buffer, { contentType: main.contentType });
      } catch (err) {
        if (err instanceof ObjectExistsError) continue;
        throw err;
      }
      try {
        await storage.put(thumbKey, thumb.buffer, { contentType: thumb.contentType });
      } catch (err) {
        await removeObjects([key]);
        if (err instanceof ObjectExistsError) continue;
        throw err;
      }
      return { key, thumbKey };
    }
    throw new Error(`no free storage key for ${userId}/${kind} after ${KEY_ATTEMPTS} attempts`);
  }

  return {
    /**
     * A new avatar, cover or gallery photo. All or nothing: the files are stored first and removed
     * again when the database write fails. A new avatar or cover replaces the previous one (row
     * and files) and is shown on the profile.
     */
    async upload(userId: string, kind: ProfileImageKind, file: Buffer): Promise<MediaDto> {
      // cheap early refusal; the count is checked again under the lock below
      if (kind === 'gallery' && (await repo.countAndMaxPosition(userId, kind)).count >= GALLERY_MAX_PHOTOS) throw galleryFull();

      const image = await processImage(file);
      const { key, thumbKey } = await putPair(userId, kind, image.main, image.thumb);

      let saved: { row: MediaRow; replaced: MediaRow[] };
      try {
        saved = await repo.transaction(async (tx) => {
          await tx.lockOwner(userId);
          let position = 0;
          if (kind === 'gallery') {
            const { count, maxPosition } = await tx.countAndMaxPosition(userId, kind);
            if (count >= GALLERY_MAX_PHOTOS) throw galleryFull();
            position = maxPosition + 1;
          }
          const replaced = kind === 'gallery' ? [] : await tx.listByOwnerKind(userId, kind, { includePrivate: true });
          const row = await tx.insert({
            ownerId: userId,
            kind,
            storageKey: key,
            thumbKey,
            contentType: image.main.contentType,
            width: image.main.width,
            height: image.main.height,
            bytes: image.main.buffer.length,
            position,
          });
          if (kind !== 'gallery') {
            await tx.deleteByIds(replaced.map((r) => r.id));
            await tx.setProfileImage(userId, kind, mediaFileUrl(key));
          }
          return { row, replaced };
        });
      } catch (err) {
        await removeObjects([key, thumbKey]);
        throw err;
      }
      await removeObjects(saved.replaced.flatMap((r) => [r.storageKey, r.thumbKey]));
      return toMediaDto(saved.row);
    },

    /**
     * A member's gallery in its order, as the viewer may see it: 404 when the member is unknown or
     * hidden from the viewer (a block either way, anonymous mode, an unfinished profile); the owner
     * always sees their own.
     */
    async gallery(ownerId: string, viewer: Viewer): Promise<MediaDto[]> {
      if (!(await repo.ownerSeenBy(ownerId, viewer.id))) throw memberNotFound();
      const rows = await repo.listByOwnerKind(ownerId, 'gallery', { includePrivate: ownerId === viewer.id });
      return rows.filter((r) => canView(r, viewer)).map(toMediaDto);
    },

    /** Puts the caller's gallery in the given order: exactly their gallery's ids, each once. */
    async reorder(userId: string, ids: string[]): Promise<MediaDto[]> {
      return repo.transaction(async (tx) => {
        await tx.lockOwner(userId);
        const named = await tx.findByIds(ids);
        if (named.some((r) => r.ownerId !== userId)) throw notYours();
        const gallery = await tx.listByOwnerKind(userId, 'gallery', { includePrivate: true });
        const wanted = new Set(ids);
        if (wanted.size !== ids.length || gallery.length !== ids.length || gallery.some((r) => !wanted.has(r.id))) {
          throw new AppError(400, 'INVALID_ORDER', messages.uploads.orderMismatch);
        }
        for (const [position, id] of ids.entries()) await tx.setPosition(id, userId, position);
        const byId = new Map(gallery.map((r) => [r.id, r]));
        return ids.map((id, position) => toMediaDto({ ...byId.get(id)!, position }));
      });
    },

    /** Deletes one of the caller's photos (row and files); an avatar or cover leaves the profile. */
    async remove(userId: string, id: string): Promise<void> {
      const found = await repo.findById(id);
      if (!found) throw notFound();
      if (found.ownerId !== userId) throw notYours();
      const row = await repo.transaction(async (tx) => {
        await tx.lockOwner(userId);
        const deleted = await tx.deleteOwned(id, userId);
        if (!deleted) throw notFound();
        if (deleted.kind === 'avatar' || deleted.kind === 'cover') {
          await tx.clearProfileImage(userId, deleted.kind, mediaFileUrl(deleted.storageKey));
        }
        return deleted;
      });
      await removeObjects([row.storageKey, row.thumbKey, row.previewKey]);
    },

    /**
     * A stored object (or the bytes of `range`) for a signed-in member, or 404: unknown, its owner
     * hidden from the viewer (as their gallery is), private to its owner, held back for review, or
     * content the viewer is not entitled to (canView).
     */
    async open(viewer: Viewer, key: string, range?: ByteRange): Promise<StoredObject> {
      try {
        assertSafeKey(key);
      } catch {
        throw notFound();
      }
      const found = await repo.findByKeyFor(key, viewer.id);
      if (!found || !canView(found.row, { ...viewer, premium: found.viewerPremium }, key)) throw notFound();
      const object = await storage.get(key, range);
      if (!object) throw notFound();
      return object;
    },
  };
}
export type MediaService = ReturnType<typeof mediaService>;
