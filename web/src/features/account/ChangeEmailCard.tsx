import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { messages } from '@velvet/core/messages';
import { changeEmailSchema } from '@velvet/core/schemas/auth.schema';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/Field';
import { LabelBadge } from '../../components/ui/Badge';
import { toast } from '../../components/ui/toast-store';
import { AccountSection, FormError } from './AccountSection';
import { useChangeEmail } from './api/change-email';
import { accountErrorMessage } from './errors';
import { pendingEmailStore, type PendingEmail } from './pending-email';

type Values = z.input<typeof changeEmailSchema>;

export function ChangeEmailCard({ userId, email, emailVerified }: { userId: string; email: string; emailVerified: boolean }) {
  const change = useChangeEmail();
  const [pending, setPending] = useState<PendingEmail | null>(() => pendingEmailStore.read(userId, email));
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(changeEmailSchema), defaultValues: { email: '' } });

  const send = async (newEmail: string) => {
    await change.mutateAsync(newEmail);
    setPending(pendingEmailStore.write(userId, newEmail));
    toast({ title: messages.account.emailChangeSent, variant: 'success' });
  };

  const onSubmit = handleSubmit(async (values) => {
    const newEmail = changeEmailSchema.parse(values).email;
    if (newEmail === email.toLowerCase()) {
      setError('email', { message: messages.account.emailSame });
      return;
    }
    try {
      await send(newEmail);
      reset();
    } catch (err) {
      setError('root', { message: accountErrorMessage(err) });
    }
  });

  const sendAgain = async () => {
    if (!pending) return;
    try {
      await send(pending.email);
    } catch (err) {
      toast({ title: messages.errors.title, description: accountErrorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <AccountSection
      id="email"
      icon={<Mail size={18} />}
      title="Email address"
      description="We email a link to the new address. Your email changes when you open it; until then, keep signing in with your current one."
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">Current:</span>
        <span className="min-w-0 break-all font-medium" data-testid="current-email">
          {email}
        </span>
        {emailVerified && <LabelBadge tone="success">Confirmed</LabelBadge>}
      </div>

      {pending && (
        <div role="status" className="grid gap-3 rounded-xl border border-brand-purple/50 bg-brand-purple/10 p-3 text-sm">
          <p className="flex items-start gap-2">
            <MailCheck aria-hidden size={18} className="mt-0.5 shrink-0 text-pink-300" />
            <span>
              <span className="font-semibold">Waiting for you to confirm. </span>
              {messages.account.emailChangePending(pending.email)} The link works for one hour; check your spam folder if it is not there.
            </span>
          </p>
          <Button variant="secondary" loading={change.isPending} onClick={() => void sendAgain()} className="justify-self-start">
            Send the link again
          </Button>
        </div>
      )}

      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <TextField
          label="New email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormError message={errors.root?.message} />
        <Button type="submit" variant="secondary" loading={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
          Send confirmation link
        </Button>
      </form>
    </AccountSection>
  );
}
