import { forwardRef, type SelectHTMLAttributes } from 'react';
import { Select } from '../../../components/ui/Select';
import { relationshipStatusOptions } from './labels';

interface Props extends SelectHTMLAttributes<HTMLSelectElement> {
  error?: string;
  label?: string;
}

/** The relationship status (spec §3). */
export const StatusSelect = forwardRef<HTMLSelectElement, Props>(function StatusSelect({ label = 'Relationship status', ...rest }, ref) {
  return <Select ref={ref} label={label} options={relationshipStatusOptions} {...rest} />;
});
