import { LOOKING_FOR_LABELS, optionLabel, type RelationshipType } from '@velvet/core/constants/options';

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

export const lookingForLabel = (value: string) => LOOKING_FOR_LABELS[value as keyof typeof LOOKING_FOR_LABELS] ?? optionLabel(value);

export type VerificationTone = 'success' | 'brand' | 'danger' | 'muted';

/** verification_status as the member reads it. */
export function verificationLabel(status: string): { label: string; tone: VerificationTone } {
  switch (status) {
    case 'verified':
    case 'approved':
      return { label: 'Verified', tone: 'success' };
    case 'pending':
    case 'submitted':
    case 'under_review':
    case 'in_review':
      return { label: 'Under Review', tone: 'brand' };
    case 'rejected':
      return { label: 'Rejected', tone: 'danger' };
    default:
      return { label: 'Not Started', tone: 'muted' };
  }
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' });

/** 'March 2026' */
export const memberSince = (iso: string) => monthYear.format(new Date(iso));
