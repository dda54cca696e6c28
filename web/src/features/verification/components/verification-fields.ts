import type { VerificationType } from '@velvet/core/schemas/verification.schema';

/** One input of a verification form (spec §3: the couple form and the individual, model and vip form). */
export interface FieldDef {
  name: string;
  label: string;
  kind: 'text' | 'age' | 'gender' | 'textarea';
  placeholder?: string;
  optional?: boolean;
}

const notes: FieldDef = { name: 'additionalNotes', label: 'Additional notes (optional)', kind: 'textarea', optional: true };
const personal: FieldDef[] = [
  { name: 'fullName', label: 'Full name', kind: 'text', placeholder: 'As on your ID' },
  { name: 'age', label: 'Age', kind: 'age' },
  { name: 'gender', label: 'Gender', kind: 'gender' },
];

export const FORM_FIELDS: Record<VerificationType, FieldDef[]> = {
  photo: [{ name: 'fullName', label: 'Full name', kind: 'text', placeholder: 'As on your ID' }, notes],
  couple: [
    { name: 'partner1Name', label: 'Partner 1 name', kind: 'text' },
    { name: 'partner2Name', label: 'Partner 2 name', kind: 'text' },
    { name: 'partner1Age', label: 'Partner 1 age', kind: 'age' },
    { name: 'partner2Age', label: 'Partner 2 age', kind: 'age' },
    { name: 'relationshipDuration', label: 'Relationship duration', kind: 'text', placeholder: 'e.g. 3 years' },
    notes,
  ],
  individual: [...personal, notes],
  model: [...personal, { name: 'modelExperience', label: 'Modelling or creator experience', kind: 'textarea' }, notes],
  vip: [...personal, { name: 'vipMembershipId', label: 'VIP membership id', kind: 'text', placeholder: 'e.g. VIP-1234' }, notes],
};

/** The form's strings as the shared schema reads them: ages as numbers, empty optional fields left out. */
export function toFields(type: VerificationType, values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FORM_FIELDS[type]) {
    const raw = values[f.name] ?? '';
    if (f.kind === 'age') {
      if (raw.trim() !== '') out[f.name] = Number(raw);
    } else if (!(f.optional && raw.trim() === '')) out[f.name] = raw;
  }
  return out;
}
