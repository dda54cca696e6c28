import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Copy, ShieldCheck } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { totpCodeSchema } from '@velvet/core/schemas/auth.schema';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/Field';
import { LabelBadge } from '../../components/ui/Badge';
import { toast } from '../../components/ui/toast-store';
import { AccountSection } from './AccountSection';
import { BackupCodesPanel } from './BackupCodesPanel';
import { ConfirmPasswordForm } from './ConfirmPasswordForm';
import { TotpQrCode } from './TotpQrCode';
import { useEnableTwoFactor, type TwoFactorEnrolment } from './api/enable-two-factor';
import { useVerifyTotpSetup } from './api/verify-totp';
import { useDisableTwoFactor } from './api/disable-two-factor';
import { useGenerateBackupCodes } from './api/generate-backup-codes';
import { accountErrorMessage } from './errors';

type Step =
  | { name: 'idle' }
  | { name: 'enrol-password' }
  | { name: 'scan'; enrolment: TwoFactorEnrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'regenerate-password' }
  | { name: 'disable-password' };

/** The base32 secret inside the otpauth:// URI, for typing into an app by hand. */
export const secretFromUri = (uri: string) => new URL(uri).searchParams.get('secret') ?? '';
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Runs a request and turns a failure into the words to show under the password field. */
const inWords = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (err) {
    throw new Error(accountErrorMessage(err), { cause: err });
  }
};

export function TwoFactorCard({ enabled, email }: { enabled: boolean; email: string }) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const actions = useRef<HTMLDivElement>(null);
  const wasIdle = useRef(true);
  // back from a step (done or cancelled): keyboard focus returns to the card's buttons, not the page top
  useEffect(() => {
    if (step.name === 'idle' && !wasIdle.current) actions.current?.querySelector('button')?.focus();
    wasIdle.current = step.name === 'idle';
  }, [step.name]);
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useGenerateBackupCodes();
  const idle = () => setStep({ name: 'idle' });

  return (
    <AccountSection
      id="two-factor"
      icon={<ShieldCheck size={18} />}
      title="Two-factor sign-in"
      status={<LabelBadge tone={enabled ? 'success' : 'muted'}>{enabled ? 'On' : 'Off'}</LabelBadge>}
      description={
        enabled
          ? 'Signing in asks for your password and a 6-digit code from your authenticator app.'
          : 'Add a second step to signing in: a 6-digit code from an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.'
      }
    >
      {step.name === 'idle' && (
        <div ref={actions} className="grid">
          {enabled ? (
            <div className="grid gap-2 sm:grid-cols-2">
              <Button variant="secondary" onClick={() => setStep({ name: 'regenerate-password' })}>
                New backup codes
              </Button>
              <Button variant="secondary" onClick={() => setStep({ name: 'disable-password' })}>
                Turn off
              </Button>
            </div>
          ) : (
            <Button onClick={() => setStep({ name: 'enrol-password' })} className="w-full sm:w-auto sm:justify-self-start">
              Set up two-factor sign-in
            </Button>
          )}
        </div>
      )}

      {step.name === 'enrol-password' && (
        <ConfirmPasswordForm
          intro="To set up two-factor sign-in, confirm it is you."
          submitLabel="Continue"
          onCancel={idle}
          onConfirm={(password) => inWords(async () => setStep({ name: 'scan', enrolment: await enable.mutateAsync(password) }))}
        />
      )}

      {step.name === 'scan' && (
        <ScanStep
          enrolment={step.enrolment}
          onCancel={idle}
          onEnabled={() => setStep({ name: 'codes', codes: step.enrolment.backupCodes })}
        />
      )}

      {step.name === 'codes' && <BackupCodesPanel codes={step.codes} email={email} onDone={idle} />}

      {step.name === 'regenerate-password' && (
        <ConfirmPasswordForm
          intro="New backup codes replace the old ones, which stop working. Confirm it is you."
          submitLabel="Make new codes"
          onCancel={idle}
          onConfirm={(password) =>
            inWords(async () => {
              const { backupCodes } = await regenerate.mutateAsync(password);
              toast({ title: messages.account.backupCodesReady, variant: 'success' });
              setStep({ name: 'codes', codes: backupCodes });
            })
          }
        />
      )}

      {step.name === 'disable-password' && (
        <ConfirmPasswordForm
          intro="Without two-factor sign-in, your password alone opens your account. Confirm it is you."
          submitLabel="Turn off"
          submitVariant="destructive"
          onCancel={idle}
          onConfirm={(password) =>
            inWords(async () => {
              await disable.mutateAsync(password);
              toast({ title: messages.account.twoFactorDisabled, variant: 'success' });
              idle();
            })
          }
        />
      )}
    </AccountSection>
  );
}

/** Scan the QR code (or type the key), then prove it works with a first code. */
function ScanStep({ enrolment, onCancel, onEnabled }: { enrolment: TwoFactorEnrolment; onCancel: () => void; onEnabled: () => void }) {
  const verify = useVerifyTotpSetup();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const secret = secretFromUri(enrolment.totpURI);
  const first = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Setup key copied.', variant: 'success' });
    } catch {
      toast({ title: messages.account.copyFailed, variant: 'destructive' });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = totpCodeSchema.safeParse({ code: code.replace(/\s+/g, '') });
    if (!parsed.success) {
      setError(messages.account.invalidCode);
      codeInput.current?.focus();
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync(parsed.data.code);
      toast({ title: messages.account.twoFactorEnabled, variant: 'success' });
      onEnabled();
    } catch (err) {
      setError(accountErrorMessage(err));
      codeInput.current?.focus();
    }
  };

  return (
    <div className="grid gap-4 rounded-xl border border-line bg-raised/40 p-3">
      <h3 ref={first} tabIndex={-1} className="font-semibold">
        1. Scan this QR code with your authenticator app
      </h3>
      <TotpQrCode uri={enrolment.totpURI} />
      <div className="grid gap-2">
        <p className="text-sm text-muted" id="setup-key-label">
          Cannot scan it? Choose “enter a setup key” in the app and type this key:
        </p>
        <code
          aria-labelledby="setup-key-label"
          data-testid="totp-secret"
          className="rounded-lg bg-page px-3 py-2 text-center font-mono text-sm leading-6 tracking-wide [word-spacing:0.25em]"
        >
          {grouped(secret)}
        </code>
        <Button variant="secondary" onClick={() => void copyKey()} className="justify-self-start">
          <Copy aria-hidden size={16} /> Copy key
        </Button>
      </div>
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
        <h3 className="font-semibold">2. Enter the 6-digit code the app shows</h3>
        <TextField
          ref={codeInput}
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={verify.isPending} className="flex-1">
            Turn on
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={verify.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
