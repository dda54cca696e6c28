import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import heicDecode from 'heic-decode';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { ACCEPTED_IMAGE_TYPES, IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, THUMB_SIDE } from '@velvet/core/schemas/media.schema';
import { AppError } from '../middleware/errors';
import { createLimiter } from '../lib/limiter';

export interface EncodedImage {
  buffer: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

export interface ProcessedImage {
  main: EncodedImage;
  thumb: EncodedImage;
}

/**
 * Images decoded, resized and encoded at once in one server process. A decode of a 40 MP photo holds
 * about 100 MB of libvips buffers, and every upload used to start its own at once: eight arriving
 * together took a server from 246 MB to over a gigabyte. The others now wait their turn (a queue in
 * memory holding only their own bytes). bench/upload-burst.mjs measures the peak (bench/README.md).
 */
export const IMAGE_DECODES_AT_ONCE = 2;
/** libvips worker threads per image; never more than sharp's own default (1 on glibc Linux, to keep its heap small). */
const IMAGE_THREADS = 2;
sharp.concurrency(Math.min(sharp.concurrency(), IMAGE_THREADS));
const decodes = createLimiter(IMAGE_DECODES_AT_ONCE);

const MAIN_QUALITY = 82;
const THUMB_QUALITY = 75;
/** sharp's own name for each accepted type, so the decoder must agree with the magic bytes. */
const SHARP_FORMATS = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
/** The types an upload may be: what sharp reads, and HEIC (iPhone photos), which is converted first. */
export type ImageType = keyof typeof SHARP_FORMATS | 'image/heic';

export interface ProcessImageOptions {
  /** the types accepted (by magic bytes); the profile images' by default */
  types?: readonly ImageType[];
  /** the refusals in the caller's words (a verification photo has its own, spec §5) */
  invalid?: () => AppError;
  tooLarge?: () => AppError;
  /** the largest file accepted, in bytes (profile photos: spec §5's 5 MB) */
  maxBytes?: number;
}

const invalidImage = () => new AppError(400, 'INVALID_IMAGE', messages.uploads.invalidImage);
const tooLarge = () => new AppError(413, 'IMAGE_TOO_LARGE', messages.uploads.imageTooLarge);
const tooManyPixels = () => new AppError(400, 'TOO_MANY_PIXELS', messages.uploads.tooManyPixels);
const isPixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);

/** HEIC brands as file-type names them: still images only (a sequence is a video). */
const asImageType = (mime: string): ImageType | undefined =>
  mime === 'image/heic' || mime === 'image/heif' ? 'image/heic' : mime in SHARP_FORMATS ? (mime as ImageType) : undefined;

/**
 * Checks an uploaded image and re-encodes it (DESIGN.md §7): the type comes from the bytes, never
 * the name; under 5 MB (spec §5); at most IMAGE_MAX_PIXELS, read from the header before anything is
 * decoded (decompression bombs); auto-oriented, fitted inside IMAGE_MAX_SIDE, written as WebP with
 * no metadata at all (EXIF with GPS, ICC, XMP, IPTC), plus a WebP thumbnail. Animated images keep
 * their first frame. Any image the decoder cannot read is the member's mistake (400), never a 500.
 */
export async function processImage(input: Buffer, opts: ProcessImageOptions = {}): Promise<ProcessedImage> {
  const types = opts.types ?? ACCEPTED_IMAGE_TYPES;
  const invalid = opts.invalid ?? invalidImage;
  if (input.length >= (opts.maxBytes ?? limits.imageMaxBytes)) throw (opts.tooLarge ?? tooLarge)();
  if (input.length === 0) throw invalid();

  const detected = await fileTypeFromBuffer(input);
  const type = detected && asImageType(detected.mime);
  if (!type || !types.includes(type)) throw invalid();
  if (type === 'image/heic') return decodes.run(() => convertHeic(input, invalid));

  // Header only: no pixels are decoded here, so a bomb costs nothing to refuse.
  const meta = await sharp(input, { limitInputPixels: false, failOn: 'error' })
    .metadata()
    .catch(() => {
      throw invalid();
    });
  if (meta.format !== SHARP_FORMATS[type] || !meta.width || !meta.height) throw invalid();
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > IMAGE_MAX_PIXELS) throw tooManyPixels();

  try {
    return await decodes.run(() => reencode(input));
  } catch (err) {
    if (isPixelLimit(err)) throw tooManyPixels();
    throw invalid();
  }
}

/**
 * A HEIC photo (spec §2: verification photos may be HEIC): sharp's build reads no HEVC, so libheif
 * (WebAssembly) decodes it, after its size is read from the header, and the pixels go through the
 * same re-encode as every image (no metadata survives: only pixels cross over).
 */
async function convertHeic(input: Buffer, invalid: () => AppError): Promise<ProcessedImage> {
  let images: Awaited<ReturnType<typeof heicDecode.all>>;
  try {
    images = await heicDecode.all({ buffer: input });
  } catch {
    throw invalid();
  }
  try {
    const first = images[0];
    if (!first?.width || !first.height) throw invalid();
    if (first.width * first.height > IMAGE_MAX_PIXELS) throw tooManyPixels();
    let raw: Awaited<ReturnType<typeof first.decode>>;
    try {
      raw = await first.decode();
    } catch {
      throw invalid();
    }
    const png = await sharp(Buffer.from(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength), {
      raw: { width: raw.width, height: raw.height, channels: 4 },
    })
      .png()
      .toBuffer();
    return await reencode(png);
  } finally {
    images.dispose();
  }
}

/** The decode, resize and encode: the memory-hungry part, run under the `decodes` limiter. */
async function reencode(input: Buffer): Promise<ProcessedImage> {
  // limitInputPixels again: belt and braces should a header understate the real size.
  const main = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: MAIN_QUALITY })
    .toBuffer({ resolveWithObject: true });
  const thumb = await sharp(main.data)
    .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: THUMB_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return {
    main: { buffer: main.data, width: main.info.width, height: main.info.height, contentType: 'image/webp' },
    thumb: { buffer: thumb.data, width: thumb.info.width, height: thumb.info.height, contentType: 'image/webp' },
  };
}
