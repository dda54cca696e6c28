import { LOOKING_FOR_LABELS, optionLabel } from '@velvet/core/constants/options';
import { dateTimeFormat } from '../../../lib/intl';

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

const monthYear = dateTimeFormat({ month: 'long', year: 'numeric' });

/** 'March 2026' */
export const memberSince = (iso: string) => monthYear.format(new Date(iso));
