import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { confirmPasswordSchema } from '@velvet/core/schemas/auth.schema';
import { Button, type ButtonVariant } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/Field';

/**
 * Asks for the password again before a sensitive change. `onConfirm` rejects with the words to
 * show under the field (e.g. a wrong password); anything else it handles itself.
 */
export function ConfirmPasswordForm({
  intro,
  submitLabel,
  submitVariant = 'primary',
  onConfirm,
  onCancel,
}: {
  intro: ReactNode;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = confirmPasswordSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm(password);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 rounded-xl border border-line bg-raised/40 p-3">
      <p className="text-sm">{intro}</p>
      <PasswordField
        ref={input}
        label="Your password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={submitVariant} loading={busy} className="flex-1">
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
