import { forwardRef, type SelectHTMLAttributes } from 'react';
import { Select } from '../../../components/ui/Select';
import { relationshipTypeOptions } from './labels';

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  error?: string;
  label?: string;
}

/** The relationship type (stored as gender, spec §3): couples, a group, or singles. */
export const RelationshipTypeSelect = forwardRef<HTMLSelectElement, Props>(function RelationshipTypeSelect(
  { label = 'Relationship type', ...rest },
  ref,
) {
  return <Select ref={ref} label={label} options={relationshipTypeOptions} {...rest} />;
});
