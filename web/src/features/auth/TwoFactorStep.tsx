import { useState, type FormEvent } from 'react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { Checkbox, TextField } from '../../components/ui/Field';
import { ApiError } from '../../lib/api-client';
import { verifyTotp } from './api/sign-in';

/** The second step of sign-in for members with an authenticator app. */
export function TwoFactorStep({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!backup && !/^\d{6}$/.test(value)) {
      setError(messages.account.invalidCode);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await verifyTotp(value, backup);
      await onDone();
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'TOTP_CODE_REUSED' ? messages.account.codeReused : messages.account.invalidCode);
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
      <p className="text-sm text-muted">{messages.signIn.twoFactorPrompt}</p>
      <TextField
        label={backup ? 'Backup code' : 'Authentication code'}
        autoComplete="one-time-code"
        inputMode={backup ? 'text' : 'numeric'}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={error}
        autoFocus
      />
      <Checkbox label="Use a backup code instead" checked={backup} onChange={(e) => setBackup(e.target.checked)} />
      <Button type="submit" loading={busy} className="w-full">
        Verify
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Back to sign in
      </Button>
    </form>
  );
}
