import { messages } from '@velvet/core/messages';
import { limits } from '@velvet/core/constants/limits';
import {
  CONTENT_DESCRIPTION_MAX,
  CONTENT_IMAGE_TYPES,
  CONTENT_TITLE_MAX,
  CONTENT_VIDEO_TYPES,
  poundsToPence,
  type ContentMediaType,
} from '@velvet/core/schemas/content.schema';

const m = messages.content;

/** The upload form (spec §3 Content draft), as the member fills it in. */
export interface ContentDraft {
  title: string;
  description: string;
  contentType: ContentMediaType;
  payPerView: boolean;
  /** pounds as typed, e.g. "4.99" */
  price: string;
  premiumOnly: boolean;
  file: File | null;
}

export const emptyDraft: ContentDraft = {
  title: '',
  description: '',
  contentType: 'image',
  payPerView: false,
  price: '',
  premiumOnly: false,
  file: null,
};

/** Spec §4: turning pay-per-view on forces premium-only off (and the toggle hides). */
export function setPayPerView(draft: ContentDraft, on: boolean): ContentDraft {
  return { ...draft, payPerView: on, premiumOnly: on ? false : draft.premiumOnly };
}

const VIDEO_NAME = /\.(mp4|m4v|webm|mov)$/i;
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|heic|heif)$/i;

/** What kind of file the member chose, by its type or (when the browser gives none, e.g. HEIC, MOV) its name. */
export function fileKind(file: Pick<File, 'name' | 'type'>): ContentMediaType | null {
  if ((CONTENT_VIDEO_TYPES as readonly string[]).includes(file.type) || (!file.type && VIDEO_NAME.test(file.name))) return 'video';
  if (
    (CONTENT_IMAGE_TYPES as readonly string[]).includes(file.type) ||
    file.type === 'image/heif' ||
    (!file.type && IMAGE_NAME.test(file.name))
  )
    return 'image';
  return null;
}

/** A chosen file's problem in the spec's words (type, then size), or null. The server checks the bytes again. */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!fileKind(file)) return m.invalidType;
  if (file.size >= limits.contentFileMaxBytes) return m.tooLarge;
  return null;
}

/** The first problem with the draft in the spec's words (spec §5), or null when it can be sent. */
export function draftProblem(draft: ContentDraft): string | null {
  if (!draft.title.trim() || !draft.file) return m.required;
  if (draft.title.trim().length > CONTENT_TITLE_MAX) return m.titleTooLong;
  if (draft.description.trim().length > CONTENT_DESCRIPTION_MAX) return m.descriptionTooLong;
  const file = fileProblem(draft.file);
  if (file) return file;
  if (draft.payPerView && poundsToPence(draft.price) === undefined) return m.invalidPrice;
  return null;
}

/** The multipart body: the fields first, then the file (the server streams the file as it arrives). */
export function draftForm(draft: ContentDraft & { file: File }): FormData {
  const form = new FormData();
  form.append('title', draft.title.trim());
  form.append('description', draft.description.trim());
  form.append('payPerView', String(draft.payPerView));
  form.append('premiumOnly', String(!draft.payPerView && draft.premiumOnly));
  if (draft.payPerView) form.append('price', draft.price.trim());
  form.append('file', draft.file);
  return form;
}
