import { LOOKING_FOR_LABELS, NOT_SELECTED, RELATIONSHIP_STATUSES, RELATIONSHIP_TYPES, optionLabel } from '@velvet/core/constants/options';
import type { SelectOption } from '../../../components/ui/Select';

/** Where the generic 'male-female-couple' → 'Male female couple' reads badly, the better words. */
const special: Record<string, string> = {
  'male-female-couple': 'Male/female couple',
  'female-female-couple': 'Female/female couple',
  'male-male-couple': 'Male/male couple',
  'polyamorous-group': 'Polyamorous group',
  'single-non-binary': 'Single non-binary',
  'its-complicated': "It's complicated",
  'friends-with-benefits': 'Friends with benefits',
  'not-looking-for-relationship': 'Not looking for a relationship',
  'threesome-mff': 'Threesome (MFF)',
  'threesome-mmf': 'Threesome (MMF)',
  'voyeur-exhibitionist': 'Voyeur/exhibitionist',
  'cyber-only': 'Cyber only',
  'friends-first': 'Friends first',
  'seeking-all': 'Seeking all',
  ppv: 'Pay-per-view',
  live: 'Live',
};

export const labelFor = (value: string) => special[value] ?? (LOOKING_FOR_LABELS as Record<string, string>)[value] ?? optionLabel(value);

const notSelected: SelectOption = { value: NOT_SELECTED, label: 'Not selected' };

export const relationshipTypeOptions: SelectOption[] = [notSelected, ...RELATIONSHIP_TYPES.map((v) => ({ value: v, label: labelFor(v) }))];
export const relationshipStatusOptions: SelectOption[] = [
  notSelected,
  ...RELATIONSHIP_STATUSES.map((v) => ({ value: v, label: labelFor(v) })),
];
