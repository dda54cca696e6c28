import { z } from 'zod';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { text } from './text.schema';

/** The three privacy toggles (spec §2 Privacy settings). */
export const privacySettingsSchema = z
  .object({ anonymousMode: z.boolean(), hideLastActive: z.boolean(), hideLocation: z.boolean() })
  .meta({ id: 'PrivacySettings' });
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsResponseSchema = z.object({ settings: privacySettingsSchema });

/** A change to one or more toggles; anything else in the body is refused. */
export const privacySettingsUpdateSchema = privacySettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, messages.privacy.noChange);
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdateSchema>;

/** Blocking a member: an optional reason, kept for the member's own list (and for reports). */
export const blockInputSchema = z
  .object({
    reason: text()
      .trim()
      .max(limits.blockReasonMax, messages.privacy.reasonTooLong)
      .nullish()
      .transform((v) => v || null),
  })
  .strict();
export type BlockInput = z.input<typeof blockInputSchema>;

/** One member on the blocker's list: who, why, since when (DESIGN.md §1: name and avatar, and the id). */
export const blockedMemberSchema = z
  .object({
    userId: z.string(),
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    reason: z.string().nullable(),
    blockedAt: z.string(),
  })
  .meta({ id: 'BlockedMember' });
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export const blocksResponseSchema = z.object({ items: z.array(blockedMemberSchema) });
export const blockResponseSchema = z.object({ block: blockedMemberSchema });
export const unblockResponseSchema = z.object({ blocked: z.literal(false) });

/** The first characters of a member id, as the blocked list shows it (spec §9). */
export const shortId = (id: string) => id.slice(0, limits.blockedIdShown);
