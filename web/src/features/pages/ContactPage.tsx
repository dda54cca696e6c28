import { useEffect } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleHelp, Send, ShieldAlert } from 'lucide-react';
import { contactSchema, type ContactInput } from '@velvet/core/schemas/contact.schema';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { TextareaField, TextField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { api, ApiError, call } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { PageIntro } from './Prose';

const fields = ['name', 'email', 'message'] as const;
const isField = (key: string): key is (typeof fields)[number] => (fields as readonly string[]).includes(key);

export default function ContactPage() {
  const { user } = useSession();
  const memberEmail = user?.email ?? '';
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput>({ resolver: zodResolver(contactSchema), defaultValues: { name: '', email: memberEmail, message: '' } });

  // The session may load after the form: fill in the member's email unless they typed one.
  useEffect(() => {
    if (memberEmail && !getValues('email')) setValue('email', memberEmail);
  }, [memberEmail, getValues, setValue]);

  const length = watch('message')?.length ?? 0;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await call(api.POST('/contact', { body: values }));
      toast({ title: 'Message sent', description: messages.contact.sent, variant: 'success' });
      reset({ name: '', email: memberEmail, message: '' });
    } catch (err) {
      const details =
        err instanceof ApiError ? (err.body as { error?: { details?: Record<string, string> } } | undefined)?.error?.details : undefined;
      let placed = false;
      for (const [key, message] of Object.entries(details ?? {})) {
        if (isField(key)) {
          setError(key, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) {
        const description = err instanceof ApiError ? err.message : messages.errors.internal;
        toast({ title: 'Message not sent', description, variant: 'destructive' });
      }
    }
  });

  return (
    <div className="grid gap-6">
      <PageIntro title="Contact us" lead="Questions, feedback or a problem with a member: write to us and a person will reply by email." />

      <Card className="p-5">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Contact form">
          <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            hint="We reply to this address."
            error={errors.email?.message}
            {...register('email')}
          />
          <TextareaField
            label="Message"
            rows={7}
            maxLength={limits.contactMessageMax}
            length={length}
            error={errors.message?.message}
            placeholder="How can we help? If it is about a member, include their username."
            {...register('message')}
          />
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto sm:justify-self-end">
            <Send aria-hidden size={16} />
            Send message
          </Button>
        </form>
      </Card>

      <section aria-labelledby="before-title" className="grid gap-3">
        <h2 id="before-title" className="text-lg font-semibold">
          Before you write
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          <li>
            <Link to="/help" className="flex h-full min-h-11 items-start gap-3 rounded-2xl border border-line bg-card p-4 hover:bg-raised">
              <CircleHelp aria-hidden size={20} className="mt-0.5 shrink-0 text-pink-300" />
              <span className="grid gap-1">
                <span className="font-semibold">Help centre</span>
                <span className="text-sm text-muted">Sign-in problems, two-factor sign-in, verification and privacy, answered.</span>
              </span>
            </Link>
          </li>
          <li className="flex items-start gap-3 rounded-2xl border border-line bg-card p-4">
            <ShieldAlert aria-hidden size={20} className="mt-0.5 shrink-0 text-pink-300" />
            <span className="grid gap-1">
              <span className="font-semibold">In danger?</span>
              <span className="text-sm text-muted">
                Call 999 in an emergency. To stop a member contacting you straight away, block them from their profile.
              </span>
            </span>
          </li>
        </ul>
      </section>
    </div>
  );
}
