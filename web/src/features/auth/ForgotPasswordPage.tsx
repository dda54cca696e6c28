import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@velvet/core/schemas/credentials.schema';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError, authApi } from '../../lib/api-client';
import { AuthCard } from './AuthCard';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof forgotPasswordSchema>>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await authApi.post('/request-password-reset', { email, redirectTo: '/reset-password' });
      setSent(true);
    } catch (err) {
      toast({
        title: 'Error',
        description: err instanceof ApiError && err.status === 429 ? messages.signIn.tooManyRequests : messages.signIn.network,
        variant: 'destructive',
      });
    }
  });

  return (
    <AuthCard
      title="Reset your password"
      footer={
        <Link to="/login" className="font-semibold text-pink-300 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <p role="status">{messages.account.resetSent}</p>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <p className="text-sm text-muted">Enter the email of your account and we will send you a link to choose a new password.</p>
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <Button type="submit" loading={isSubmitting} className="w-full">
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
