import type { OwnProfile, ProfileUpdateInput } from '@velvet/core/schemas/profile.schema';
import { NOT_SELECTED, interestOptionsFor, kindOf } from '@velvet/core/constants/options';
import { ageText, ageValue } from '../setup/steps';

export type EditValues = ProfileUpdateInput;

/** The order the fields appear in, for joining their errors (spec §5 'Validation Error'). */
export const FIELD_ORDER = [
  'username',
  'displayName',
  'age',
  'partnerAge',
  'locationCity',
  'locationCountry',
  'gender',
  'lookingFor',
  'relationshipStatus',
  'interests',
  'creator',
  'creatorTypes',
  'bio',
] as const;

/** The saved profile as the form's starting values. */
export const toFormValues = (p: OwnProfile): EditValues => ({
  username: p.username,
  displayName: p.displayName,
  age: ageText(p.age),
  partnerAge: ageText(p.partnerAge),
  locationCity: p.locationCity ?? '',
  locationCountry: p.locationCountry ?? '',
  gender: (p.gender ?? NOT_SELECTED) as EditValues['gender'],
  relationshipStatus: (p.relationshipStatus ?? NOT_SELECTED) as EditValues['relationshipStatus'],
  lookingFor: p.lookingFor as EditValues['lookingFor'],
  interests: p.interests,
  creator: p.creator,
  creatorTypes: p.creatorTypes as EditValues['creatorTypes'],
  bio: p.bio ?? '',
});

const isChosen = (v: unknown) => typeof v === 'string' && v !== '' && v !== NOT_SELECTED;

/**
 * What Save Changes sends (spec §5): the display name falls back to the username, a
 * 'not-selected' type or status is left out, a single member has no second age, interests are
 * those offered for the type, creator types only while the creator toggle is on.
 */
export function toPayload(values: EditValues): EditValues {
  const { gender, relationshipStatus, ...rest } = values;
  const username = values.username?.trim() ?? '';
  const allowed = interestOptionsFor(isChosen(gender) ? gender : null);
  return {
    ...rest,
    username,
    displayName: values.displayName?.trim() || username,
    age: ageValue(values.age),
    partnerAge: kindOf(isChosen(gender) ? gender : null) === 'individual' ? null : ageValue(values.partnerAge),
    ...(isChosen(gender) ? { gender } : {}),
    ...(isChosen(relationshipStatus) ? { relationshipStatus } : {}),
    interests: (values.interests ?? []).filter((i) => allowed.includes(i)),
    creatorTypes: values.creator ? (values.creatorTypes ?? []) : [],
    bio: values.bio ?? '',
  };
}
