import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { signUpSchema, type SignUpInput } from '@velvet/core/schemas/credentials.schema';
import { preloadCommonPasswords } from '@velvet/core/passwords/common-password';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { Checkbox, PasswordField, TextField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { AuthCard } from './AuthCard';
import { signUp } from './api/sign-up';

export default function SignupPage() {
  const { isAuthenticated, loading } = useSession();
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema), defaultValues: { email: '', password: '' } });
  // the common-password list the form checks against, fetched while the member types
  useEffect(preloadCommonPasswords, []);

  if (!loading && isAuthenticated) return <Navigate to="/dashboard" replace />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp({ email: values.email, password: values.password, isAdult: true, acceptTerms: true });
      setSentTo(values.email);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') {
        const details = (err.body as { details?: Record<string, string> } | undefined)?.details ?? {};
        for (const [field, message] of Object.entries(details)) setError(field as keyof SignUpInput, { message });
      }
      const description =
        err instanceof ApiError
          ? err.status === 0
            ? messages.signIn.network
            : err.status === 429
              ? messages.signIn.tooManyRequests
              : err.message
          : messages.errors.internal;
      toast({ title: 'Sign up failed', description, variant: 'destructive' });
    }
  });

  if (sentTo) {
    return (
      <AuthCard title={messages.signUp.checkEmailTitle}>
        <div className="grid justify-items-center gap-3 text-center">
          <MailCheck aria-hidden size={40} className="text-pink-300" />
          <p role="status">{messages.signUp.checkEmail(sentTo)}</p>
          <Link to="/login" className="font-semibold text-pink-300 hover:underline">
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Join Now"
      footer={
        <>
          Already a member?{' '}
          <Link to="/login" className="font-semibold text-pink-300 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <Checkbox label="I confirm that I am 18 or over" error={errors.isAdult?.message} {...register('isAdult')} />
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Link to="/terms" className="text-pink-300 underline">
                terms
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" className="text-pink-300 underline">
                privacy policy
              </Link>
            </>
          }
          error={errors.acceptTerms?.message}
          {...register('acceptTerms')}
        />
        <Button type="submit" loading={isSubmitting} className="w-full">
          Create account
        </Button>
      </form>
    </AuthCard>
  );
}
