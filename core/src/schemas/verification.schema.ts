import { z } from 'zod';
import { BADGE_TYPES, type BadgeType } from '../constants/badges';
import { limits } from '../constants/limits';
import { messages } from '../messages';
import { text } from './text.schema';
import { UUID_SHAPE } from './id.schema';

const m = messages.verification;

/** The five verifications a member may ask for (spec §2 Verification center). */
export const VERIFICATION_TYPES = ['photo', 'couple', 'individual', 'model', 'vip'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

export const VERIFICATION_TYPE_LABELS: Record<VerificationType, string> = {
  photo: 'Photo Verification',
  couple: 'Couple Verification',
  individual: 'Individual Verification',
  model: 'Model / Creator Verification',
  vip: 'VIP Verification',
};

/** A request's life (spec §4): pending on submit, then approved or rejected by a moderator. */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
/** A type's state as the member reads it: not_started when there is no request of that type. */
export type VerificationState = VerificationStatus | 'not_started';

/** spec §4's labels */
export const VERIFICATION_STATUS_LABELS: Record<VerificationState, string> = {
  approved: 'Verified',
  pending: 'Under Review',
  rejected: 'Rejected',
  not_started: 'Not Started',
};

/** Stored badge names as the API gives them: known ones only, in a stable order. */
export const badgesOf = (stored: readonly string[] | null | undefined): BadgeType[] => BADGE_TYPES.filter((b) => stored?.includes(b));

/** Which badge each approved type earns; an approved photo verification sets the Verified tick instead. */
export const BADGE_FOR_TYPE: Record<VerificationType, BadgeType | null> = {
  photo: null,
  couple: 'verified_couple',
  individual: 'standard',
  model: 'creator',
  vip: 'exclusive',
};

/** The gender choices of the individual, model and vip forms. */
export const VERIFICATION_GENDERS = ['female', 'male', 'non-binary', 'trans-female', 'trans-male', 'other'] as const;
export const VERIFICATION_GENDER_LABELS: Record<(typeof VERIFICATION_GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  'non-binary': 'Non-binary',
  'trans-female': 'Trans female',
  'trans-male': 'Trans male',
  other: 'Other',
};

/** Text a moderator reads: no markup, no NUL (a name with '<' or '>' is not a name). */
const plain = (required: string, max: number, tooLong: string) =>
  text({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine((v) => !/[<>]/.test(v), m.noMarkup);

const name = plain(m.nameRequired, 100, m.nameTooLong);
const notes = text({ error: m.notesTooLong })
  .trim()
  .max(1000, m.notesTooLong)
  .refine((v) => !/[<>]/.test(v), m.noMarkup)
  .optional();
const age = z
  .number({ error: m.ageRange })
  .int(m.ageRange)
  .min(limits.verificationAge.min, m.ageRange)
  .max(limits.verificationAge.max, m.ageRange);

export const photoVerificationSchema = z.object({ fullName: name, additionalNotes: notes }).strict();
export const coupleVerificationSchema = z
  .object({
    partner1Name: name,
    partner2Name: name,
    partner1Age: age,
    partner2Age: age,
    relationshipDuration: plain(m.durationRequired, 60, m.durationTooLong),
    additionalNotes: notes,
  })
  .strict();
const personal = {
  fullName: name,
  age,
  gender: z.enum(VERIFICATION_GENDERS, { error: m.genderRequired }),
  additionalNotes: notes,
};
export const individualVerificationSchema = z.object(personal).strict();
export const modelVerificationSchema = z
  .object({ ...personal, modelExperience: plain(m.experienceRequired, 1000, m.experienceTooLong) })
  .strict();
export const vipVerificationSchema = z
  .object({
    ...personal,
    vipMembershipId: plain(m.membershipIdRequired, 64, m.membershipIdShape).refine((v) => /^[A-Za-z0-9-]+$/.test(v), m.membershipIdShape),
  })
  .strict();

/** Each type's form fields (spec §3), checked alike by the form and the server. */
export const VERIFICATION_FORM_SCHEMAS = {
  photo: photoVerificationSchema,
  couple: coupleVerificationSchema,
  individual: individualVerificationSchema,
  model: modelVerificationSchema,
  vip: vipVerificationSchema,
} as const;
export type VerificationForm<T extends VerificationType = VerificationType> = z.output<(typeof VERIFICATION_FORM_SCHEMAS)[T]>;

/** The submission as the server reads its multipart body: the type, then its fields as JSON. */
export const verificationTypeSchema = z.enum(VERIFICATION_TYPES, { error: m.typeRequired });

/**
 * A form's progress (spec §5): couple 25% each for names, ages, duration and photo; the others 20%
 * each for name, age and gender and 40% for the photo (photo verification: name and photo, 50% each).
 */
export function verificationProgress(type: VerificationType, values: Record<string, unknown>, hasPhoto: boolean): number {
  const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : typeof v === 'number' && !Number.isNaN(v));
  if (type === 'couple') {
    return (
      (filled(values.partner1Name) && filled(values.partner2Name) ? 25 : 0) +
      (filled(values.partner1Age) && filled(values.partner2Age) ? 25 : 0) +
      (filled(values.relationshipDuration) ? 25 : 0) +
      (hasPhoto ? 25 : 0)
    );
  }
  if (type === 'photo') return (filled(values.fullName) ? 50 : 0) + (hasPhoto ? 50 : 0);
  return (filled(values.fullName) ? 20 : 0) + (filled(values.age) ? 20 : 0) + (filled(values.gender) ? 20 : 0) + (hasPhoto ? 40 : 0);
}

/** The photo types a verification accepts (spec §2: JPG, PNG or HEIC; HEIC is converted). */
export const VERIFICATION_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
export const VERIFICATION_IMAGE_ACCEPT = 'image/jpeg,image/png,image/heic,.heic,.jpg,.jpeg,.png';

/** The member's own request, as the status overview shows it. */
export const verificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(VERIFICATION_TYPES),
    status: z.enum(VERIFICATION_STATUSES),
    /** the moderator's reason, once rejected */
    rejectionReason: z.string().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
    /** the private photo, fetched through the authorization check */
    photoUrl: z.string(),
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;

/** spec §3 Verification summary; the trust score is defined in docs/trust-score.md. */
export const verificationSummarySchema = z
  .object({
    verified: z.boolean(),
    hasPhotoVerification: z.boolean(),
    hasIdVerification: z.boolean(),
    hasCoupleVerification: z.boolean(),
    verificationCount: z.number().int(),
    trustScore: z.number().int(),
    badges: z.array(z.enum(BADGE_TYPES)),
  })
  .meta({ id: 'VerificationSummary' });
export type VerificationSummary = z.infer<typeof verificationSummarySchema>;

export const myVerificationsResponseSchema = z.object({
  verifications: z.array(verificationSchema),
  summary: verificationSummarySchema,
  /** whether the couple option is offered (spec §6) */
  coupleAllowed: z.boolean(),
});
export type MyVerificationsResponse = z.infer<typeof myVerificationsResponseSchema>;
export const verificationResponseSchema = z.object({ verification: verificationSchema });
export const verificationSummaryResponseSchema = z.object({ summary: verificationSummarySchema });

/** One request in the moderators' queue: what a decision needs. */
export const queueItemSchema = z
  .object({
    id: z.string(),
    type: z.enum(VERIFICATION_TYPES),
    createdAt: z.string(),
    member: z.object({
      userId: z.string(),
      username: z.string().nullable(),
      displayName: z.string().nullable(),
      avatarUrl: z.string().nullable(),
    }),
    /** the submitted fields, as the member typed them */
    fields: z.record(z.string(), z.union([z.string(), z.number()])),
    photoUrl: z.string(),
  })
  .meta({ id: 'VerificationQueueItem' });
export type QueueItem = z.infer<typeof queueItemSchema>;
export const verificationQueueResponseSchema = z.object({ items: z.array(queueItemSchema) });

export const verificationIdSchema = text({ error: m.idInvalid }).regex(UUID_SHAPE, m.idInvalid);
export const verificationParamsSchema = z.object({ id: verificationIdSchema });
export const rejectVerificationSchema = z.object({ reason: plain(m.reasonRequired, 500, m.reasonTooLong) }).strict();
export type RejectVerification = z.infer<typeof rejectVerificationSchema>;
