/** Option lists of spec §3, used by the forms and by the server's validation. */

export const RELATIONSHIP_TYPES = [
  'male-female-couple',
  'female-female-couple',
  'male-male-couple',
  'mixed-couple',
  'non-binary-couple',
  'polyamorous-group',
  'single-male',
  'single-female',
  'single-non-binary',
  'single-trans-male',
  'single-trans-female',
  'single-other',
] as const;
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];
export const NOT_SELECTED = 'not-selected';

export const RELATIONSHIP_STATUSES = [
  'married-couple',
  'committed-couple',
  'engaged-couple',
  'dating-couple',
  'open-relationship',
  'polyamorous',
  'swinger-couple',
  'lifestyle-couple',
  'single',
  'single-looking',
  'divorced',
  'separated',
  'widowed',
  'its-complicated',
  'friends-with-benefits',
  'casual-dating',
  'not-looking-for-relationship',
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

export const COUPLE_GROUP_INTERESTS = [
  'seeking-couples',
  'seeking-single-females',
  'seeking-single-males',
  'seeking-any-singles',
  'seeking-all',
  'soft-swap',
  'full-swap',
  'same-room',
  'separate-room',
  'threesome-mff',
  'threesome-mmf',
  'group-play',
  'voyeur-exhibitionist',
  'cyber-only',
  'friends-first',
] as const;
export const SINGLE_INTERESTS = [
  'seeking-couples',
  'seeking-single-females',
  'seeking-single-males',
  'seeking-anyone',
  'straight',
  'gay',
  'lesbian',
  'bisexual',
  'pansexual',
  'bicurious',
  'heteroflexible',
  'homoflexible',
  'asexual',
  'demisexual',
  'other',
] as const;
export const OTHER_INTERESTS = ['straight', 'gay', 'lesbian', 'bisexual', 'pansexual', 'other'] as const;

/** Who a member is looking for (the looking-for selector, at most 5). */
export const LOOKING_FOR = ['couples', 'single-females', 'single-males', 'groups', 'tv-ts-cd'] as const;
export const LOOKING_FOR_LABELS: Record<(typeof LOOKING_FOR)[number], string> = {
  couples: 'Couples',
  'single-females': 'Single women',
  'single-males': 'Single men',
  groups: 'Groups',
  'tv-ts-cd': 'TV/TS/CD',
};

export const CREATOR_TAG = 'content-creator';
export const CREATOR_TYPES = ['premium', 'video', 'photo', 'ppv', 'live', 'verified'] as const;

export type ProfileKind = 'individual' | 'couple' | 'group';

/** Couples and groups are told apart from individuals by their relationship type. */
export function kindOf(gender: string | null | undefined): ProfileKind {
  if (!gender) return 'individual';
  if (gender.includes('group')) return 'group';
  if (gender.includes('couple')) return 'couple';
  return 'individual';
}

export function interestOptionsFor(gender: string | null | undefined): readonly string[] {
  const kind = kindOf(gender);
  if (kind !== 'individual') return COUPLE_GROUP_INTERESTS;
  if (gender?.startsWith('single')) return SINGLE_INTERESTS;
  return OTHER_INTERESTS;
}

/** Human labels: 'male-female-couple' → 'Male female couple'. */
export const optionLabel = (value: string) => {
  const words = value.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The short type badge of spec §3's member card: Couple, Single Female, Single Male, Group … */
const TYPE_BADGES: Record<RelationshipType, string> = {
  'male-female-couple': 'Couple',
  'female-female-couple': 'Couple',
  'male-male-couple': 'Couple',
  'mixed-couple': 'Couple',
  'non-binary-couple': 'Couple',
  'polyamorous-group': 'Group',
  'single-male': 'Single Male',
  'single-female': 'Single Female',
  'single-non-binary': 'Single Non-Binary',
  'single-trans-male': 'Single Trans Male',
  'single-trans-female': 'Single Trans Female',
  'single-other': 'Single',
};

export const typeBadge = (gender: string | null): string | null =>
  gender ? (TYPE_BADGES[gender as RelationshipType] ?? optionLabel(gender)) : null;
