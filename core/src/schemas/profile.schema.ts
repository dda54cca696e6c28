import { z } from 'zod';
import { BADGE_TYPES } from '../constants/badges';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { text } from './text.schema';
import {
  CREATOR_TAG,
  CREATOR_TYPES,
  LOOKING_FOR,
  NOT_SELECTED,
  RELATIONSHIP_STATUSES,
  RELATIONSHIP_TYPES,
  interestOptionsFor,
  kindOf,
} from '../constants/options';

export const USERNAME_SHAPE = /^[A-Za-z0-9_.]{3,30}$/;

export const usernameSchema = text({ error: messages.profile.usernameRequired })
  .trim()
  .min(1, messages.profile.usernameRequired)
  .regex(USERNAME_SHAPE, messages.profile.usernameShape);

const displayNameSchema = text().trim().max(60, messages.profile.displayNameTooLong);

/** Ages arrive as numbers (or empty from a cleared field): empty means "not given". */
const ageSchema = z.preprocess(
  (v) => (v === '' || v === undefined || (typeof v === 'number' && Number.isNaN(v)) ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: messages.profile.ageRange })
    .int(messages.profile.ageRange)
    .min(limits.profileAge.min, messages.profile.ageRange)
    .max(limits.profileAge.max, messages.profile.ageRange)
    .nullable(),
);

/** A select whose 'not-selected' (or empty) value is not stored (spec §5). */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal(NOT_SELECTED), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v): T[number] | null => (v && v !== NOT_SELECTED ? v : null));

const genderSchema = optionalChoice(RELATIONSHIP_TYPES, messages.profile.chooseFromList);
const statusSchema = optionalChoice(RELATIONSHIP_STATUSES, messages.profile.chooseFromList);

const lookingForSchema = z
  .array(z.enum(LOOKING_FOR, { error: messages.profile.chooseFromList }))
  .max(limits.lookingForMax, messages.profile.lookingForMax)
  .default([])
  .transform((list) => [...new Set(list)]);

const bioSchema = text()
  .max(limits.bioMaxLength, messages.profile.bioTooLong)
  .optional()
  .transform((v) => (v?.trim() ? v : null));

const citySchema = text()
  .trim()
  .max(80, messages.profile.placeTooLong)
  .optional()
  .transform((v) => v || null);

/** Interests must come from the list for the member's type; at most 5 (creator tags aside). */
function checkInterests(gender: string | null, interests: string[], ctx: z.RefinementCtx) {
  const allowed = new Set(interestOptionsFor(gender));
  if (interests.some((i) => !allowed.has(i)))
    ctx.addIssue({ code: 'custom', path: ['interests'], message: messages.profile.chooseFromList });
  if (interests.length > limits.interestsMax) ctx.addIssue({ code: 'custom', path: ['interests'], message: messages.profile.interestsMax });
}

/** The edit-profile form (spec §2, §5). */
export const profileUpdateSchema = z
  .object({
    username: usernameSchema,
    displayName: displayNameSchema.optional(),
    age: ageSchema.optional(),
    partnerAge: ageSchema.optional(),
    locationCity: citySchema,
    locationCountry: citySchema,
    gender: genderSchema,
    relationshipStatus: statusSchema,
    lookingFor: lookingForSchema,
    interests: z
      .array(text())
      .default([])
      .transform((list) => [...new Set(list)]),
    creator: z.boolean().default(false),
    creatorTypes: z
      .array(z.enum(CREATOR_TYPES, { error: messages.profile.chooseFromList }))
      .default([])
      .transform((list) => [...new Set(list)]),
    bio: bioSchema,
  })
  .superRefine((v, ctx) => checkInterests(v.gender, v.interests, ctx));
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** Setup wizard step 1 (spec §2): username and display name, both required. */
export const profileBasicsSchema = z.object({
  username: usernameSchema,
  displayName: displayNameSchema.min(1, messages.profile.requiredFields),
});
export type ProfileBasicsInput = z.output<typeof profileBasicsSchema>;

/** The wizard's later steps; each is saved on Next so a half-finished wizard resumes. */
export const setupStepSchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal(1), username: usernameSchema, displayName: displayNameSchema.min(1, messages.profile.requiredFields) }),
  z.object({
    step: z.literal(2),
    // step 2 needs an age of at least 18
    age: ageSchema.refine((v) => v !== null, messages.profile.ageRange),
    partnerAge: ageSchema.optional(),
    locationCity: citySchema,
    locationCountry: citySchema,
  }),
  z.object({
    step: z.literal(3),
    gender: genderSchema.refine((v) => v !== null, messages.profile.requiredFields),
    relationshipStatus: statusSchema.refine((v) => v !== null, messages.profile.requiredFields),
    lookingFor: lookingForSchema,
  }),
  z.object({ step: z.literal(4), bio: bioSchema }),
]);
export type SetupStepInput = z.input<typeof setupStepSchema>;
export type SetupStep = z.output<typeof setupStepSchema>;

/** Interests as stored: the chosen ones, then the creator tags when the creator toggle is on (spec §4). */
export function storedInterests(update: Pick<ProfileUpdate, 'interests' | 'creator' | 'creatorTypes'>): string[] {
  const chosen = update.interests.filter((i) => i !== CREATOR_TAG && !(CREATOR_TYPES as readonly string[]).includes(i));
  return update.creator ? [...chosen, CREATOR_TAG, ...update.creatorTypes] : chosen;
}

/** Splits stored interests back into the checklist and the creator settings. */
export function splitInterests(stored: string[]) {
  const creator = stored.includes(CREATOR_TAG);
  const types = new Set<string>(CREATOR_TYPES);
  return {
    interests: stored.filter((i) => i !== CREATOR_TAG && !types.has(i)),
    creator,
    creatorTypes: creator ? stored.filter((i) => types.has(i)) : [],
  };
}

export { kindOf };

const profileKindSchema = z.enum(['individual', 'couple', 'group']);

/** The member's own profile, as GET /profiles/me returns it. */
export const ownProfileSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    displayName: z.string(),
    age: z.number().int().nullable(),
    partnerAge: z.number().int().nullable(),
    locationCity: z.string().nullable(),
    locationCountry: z.string().nullable(),
    gender: z.string().nullable(),
    relationshipStatus: z.string().nullable(),
    lookingFor: z.array(z.string()),
    interests: z.array(z.string()),
    creator: z.boolean(),
    creatorTypes: z.array(z.string()),
    bio: z.string().nullable(),
    kind: profileKindSchema,
    avatarUrl: z.string().nullable(),
    coverPhotoUrl: z.string().nullable(),
    hideLastActive: z.boolean(),
    hideLocation: z.boolean(),
    anonymousMode: z.boolean(),
    verificationStatus: z.string(),
    membershipType: z.string(),
    setupStep: z.number().int(),
    setupCompleted: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'OwnProfile' });
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileResponseSchema = z.object({ profile: ownProfileSchema });

/** Another member's profile as a viewer may see it (privacy rules applied by the server). */
export const profileViewSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    displayName: z.string(),
    /** '34', or '28 & 32' for a couple with both ages */
    ageText: z.string().nullable(),
    kind: profileKindSchema,
    gender: z.string().nullable(),
    relationshipStatus: z.string().nullable(),
    lookingFor: z.array(z.string()),
    interests: z.array(z.string()),
    sharedInterests: z.array(z.string()),
    creator: z.boolean(),
    creatorTypes: z.array(z.string()),
    bio: z.string().nullable(),
    /** null when the member hides their location */
    location: z.string().nullable(),
    /** null when the member hides their last active time */
    lastActiveAt: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    coverPhotoUrl: z.string().nullable(),
    verified: z.boolean(),
    /** the verification badges a moderator's approval earned */
    badges: z.array(z.enum(BADGE_TYPES)),
    verificationStatus: z.string(),
    memberSince: z.string(),
    isOwn: z.boolean(),
  })
  .meta({ id: 'Profile' });
export type ProfileView = z.infer<typeof profileViewSchema>;
export const profileViewResponseSchema = z.object({ profile: profileViewSchema });

export function ageText(kind: string, age: number | null, partnerAge: number | null): string | null {
  if (age === null) return null;
  return kind !== 'individual' && partnerAge !== null ? `${age} & ${partnerAge}` : String(age);
}
