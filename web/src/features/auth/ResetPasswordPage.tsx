import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { resetPasswordSchema } from '@velvet/core/schemas/credentials.schema';
import { preloadCommonPasswords } from '@velvet/core/passwords/common-password';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/Field';
import { ApiError, authApi } from '../../lib/api-client';
import { AuthCard } from './AuthCard';

/** The mailed reset link lands here with ?token=… (or ?error=INVALID_TOKEN when it has expired). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<'form' | 'done' | 'invalid'>(token && !params.get('error') ? 'form' : 'invalid');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof resetPasswordSchema>>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: '' } });
  // the common-password list the form checks against, fetched while the member types
  useEffect(preloadCommonPasswords, []);

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await authApi.post('/reset-password', { token, newPassword: password });
      setState('done');
    } catch (err) {
      // a password the server refused (its rules are the form's): say why, the link still works
      if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') setError('password', { message: err.message });
      else setState('invalid');
    }
  });

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link to="/login" className="font-semibold text-pink-300 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {state === 'done' && <p role="status">{messages.account.resetDone}</p>}
      {state === 'invalid' && (
        <p role="alert">
          {messages.account.resetInvalid}{' '}
          <Link to="/forgot-password" className="text-pink-300 underline">
            Ask for a new link
          </Link>
        </p>
      )}
      {state === 'form' && (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" loading={isSubmitting} className="w-full">
            Save new password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
