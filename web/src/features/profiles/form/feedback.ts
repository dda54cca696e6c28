import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiErrorBody } from '@velvet/core/schemas/api.schema';
import { messages } from '@velvet/core/messages';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';

/** The form's error messages in the order the fields appear, each once. */
export function errorMessages<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]): string[] {
  const keys = [...order, ...Object.keys(errors).filter((k) => !order.includes(k))];
  const found = keys.map((k) => (errors as Record<string, { message?: unknown } | undefined>)[k]?.message).filter((m): m is string => !!m);
  return [...new Set(found)];
}

export const requiredFieldsToast = () =>
  toast({ title: messages.profile.requiredFieldsTitle, description: messages.profile.requiredFields, variant: 'destructive' });

/** Spec §5: every problem joined in one 'Validation Error' message. */
export const validationToast = (list: string[]) =>
  toast({ title: messages.profile.validationTitle, description: list.join('. ').replace(/\.\./g, '.'), variant: 'destructive' });

/** The server's per-field messages (400 VALIDATION_FAILED, 409 USERNAME_TAKEN) put on the fields. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly string[]): string[] {
  if (!(err instanceof ApiError)) return [];
  const details = (err.body as ApiErrorBody | undefined)?.error?.details ?? {};
  const list: string[] = [];
  for (const [key, message] of Object.entries(details)) {
    const field = key.split('.')[0]!;
    if (fields.includes(field)) {
      setError(field as Path<T>, { message });
      list.push(message);
    }
  }
  return list;
}

/** The member-facing words for a failed save: the server's own for a refusal or the network, else the fallback. */
export const saveFailure = (err: unknown, fallback: string) => (err instanceof ApiError && err.status < 500 ? err.message : fallback);
