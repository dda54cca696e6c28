import { z } from 'zod';
import { messages } from '../messages';
import { UUID_SHAPE } from './id.schema';
import { pageCursorSchema } from './cursor.schema';

const m = messages.content;

/** Creator content (spec §2 Upload content, §3 Content draft, §5): limits and options. */
export const CONTENT_TITLE_MAX = 100;
export const CONTENT_DESCRIPTION_MAX = 1000;
/** The highest price a member may ask, in pence (£500). */
export const CONTENT_PRICE_MAX_PENCE = 50_000;
export const CONTENT_PAGE_SIZE = 24;

export const CONTENT_MEDIA_TYPES = ['image', 'video'] as const;
export type ContentMediaType = (typeof CONTENT_MEDIA_TYPES)[number];

/** Who sees an item: every member, premium members (and the owner), or pay-per-view (others see a blurred preview). */
export const CONTENT_VISIBILITIES = ['public', 'premium', 'ppv'] as const;
export type ContentVisibility = (typeof CONTENT_VISIBILITIES)[number];

/** Photos by Category: by the owner's profile kind. */
export const CONTENT_CATEGORIES = ['individual', 'couple', 'group'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

/** The types accepted, by the file's bytes (spec §5, plus HEIC photos from iPhones). */
export const CONTENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic'] as const;
export const CONTENT_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/** The file input's accept list. */
export const CONTENT_ACCEPT = [...CONTENT_IMAGE_TYPES, 'image/heif', ...CONTENT_VIDEO_TYPES, '.mov', '.heic'].join(',');

/** Pounds as typed ("4.99") to integer pence; undefined when not a valid price (above 0, at most 2 decimals). */
export function poundsToPence(input: string): number | undefined {
  const text = input.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text)) return undefined;
  const [whole, frac = ''] = text.split('.');
  const pence = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return pence > 0 && pence <= CONTENT_PRICE_MAX_PENCE ? pence : undefined;
}

/** Pence shown in pounds: 499 → "£4.99". */
export const formatPence = (pence: number) => `£${(pence / 100).toFixed(2)}`;

const title = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(CONTENT_TITLE_MAX, m.titleTooLong)
  .refine((s) => !s.includes('\0'), m.required);
const description = z
  .string()
  .trim()
  .max(CONTENT_DESCRIPTION_MAX, m.descriptionTooLong)
  .refine((s) => !s.includes('\0'), m.descriptionTooLong);
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The upload form's text fields, as the multipart body carries them (strings). Pay-per-view needs
 * a price above 0 and forces premium-only off (spec §4).
 */
export const contentUploadFieldsSchema = z
  .object({
    title,
    description: description.default(''),
    payPerView: flag.default(false),
    premiumOnly: flag.default(false),
    price: z.string().max(20).optional(),
  })
  .transform((v, ctx) => {
    if (!v.payPerView) {
      return {
        title: v.title,
        description: v.description,
        visibility: (v.premiumOnly ? 'premium' : 'public') as ContentVisibility,
        priceCents: null,
      };
    }
    const priceCents = poundsToPence(v.price ?? '');
    if (priceCents === undefined) {
      ctx.addIssue({ code: 'custom', message: m.invalidPrice, path: ['price'] });
      return z.NEVER;
    }
    return { title: v.title, description: v.description, visibility: 'ppv' as ContentVisibility, priceCents };
  });
export type ContentUploadFields = z.output<typeof contentUploadFieldsSchema>;

/** An owner's edit of one item: title, description, who sees it and (pay-per-view) the price in pence. */
export const contentUpdateSchema = z
  .object({
    title,
    description: description.default(''),
    visibility: z.enum(CONTENT_VISIBILITIES, { error: m.invalidPrice }),
    priceCents: z.number().int().positive(m.invalidPrice).max(CONTENT_PRICE_MAX_PENCE, m.invalidPrice).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.visibility === 'ppv' && v.priceCents === null) ctx.addIssue({ code: 'custom', message: m.invalidPrice, path: ['priceCents'] });
  })
  .transform((v) => ({ ...v, priceCents: v.visibility === 'ppv' ? v.priceCents : null }));
export type ContentUpdate = z.output<typeof contentUpdateSchema>;

export const contentParamsSchema = z.object({ id: z.string({ error: m.notFound }).regex(UUID_SHAPE, m.notFound) });

/** A sort time inside a cursor: UTC to the microsecond, as PostgreSQL wrote it, so it compares back exactly. */
const KEY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
const keyTime = z.string().regex(KEY_TIME);
const keyId = z.string().regex(UUID_SHAPE);

/**
 * Where the next page of a newest-first list begins (New, Yours, by Category, Pics you Fab'd): the
 * last item's sort time and id. A cursor travels sealed; opened, it must be exactly this.
 */
export const contentCursorSchema = z.object({ t: keyTime, id: keyId }).strict();
export type ContentCursor = z.infer<typeof contentCursorSchema>;

/**
 * Where the next page of Hot begins. Hot ranks by Fabs in the 7 days up to `asOf` (the first page's
 * time): every page counts the same Fabs, so one landing between pages moves nothing on later
 * pages, and the last item's place (`n` Fabs, then its time `t` and `id`) is where the next begins.
 */
export const hotCursorSchema = z.object({ asOf: keyTime, n: z.number().int().min(1).max(2_147_483_647), t: keyTime, id: keyId }).strict();
export type HotCursor = z.infer<typeof hotCursorSchema>;

/** A page of a list: `cursor` from the previous page's nextCursor; `type` narrows to photos or videos. */
export const contentListQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
  type: z.enum(CONTENT_MEDIA_TYPES).optional(),
});
export const contentCategoryQuerySchema = contentListQuerySchema.extend({
  category: z.enum(CONTENT_CATEGORIES, { error: m.invalidCategory }),
});

/** One item as a member sees it. `locked` items carry no original: only the blurred preview. */
export const contentItemSchema = z
  .object({
    id: z.string(),
    owner: z.object({
      id: z.string(),
      username: z.string().nullable(),
      displayName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    }),
    title: z.string(),
    description: z.string(),
    mediaType: z.enum(CONTENT_MEDIA_TYPES),
    visibility: z.enum(CONTENT_VISIBILITIES),
    priceCents: z.number().int().nullable(),
    /** the viewer may not open the original (premium without membership, or pay-per-view) */
    locked: z.boolean(),
    /** the original (image or video): null when locked */
    url: z.string().nullable(),
    /** a small image: the thumbnail or poster frame, or the blurred preview when locked */
    thumbUrl: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    fabCount: z.number().int(),
    fabbed: z.boolean(),
    mine: z.boolean(),
    underReview: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'ContentItem' });
export type ContentItem = z.infer<typeof contentItemSchema>;

export const contentItemResponseSchema = z.object({ item: contentItemSchema });
export const contentPageSchema = z.object({ items: z.array(contentItemSchema), nextCursor: z.string().nullable() });
export type ContentPage = z.infer<typeof contentPageSchema>;
/** How many photos and videos the member has published (their profile's stats). */
export const contentCountsSchema = z.object({ images: z.number().int(), videos: z.number().int() }).meta({ id: 'ContentCounts' });
export type ContentCounts = z.infer<typeof contentCountsSchema>;
export const fabResponseSchema = z.object({ fabbed: z.boolean(), fabCount: z.number().int() });
