import { useEffect } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { changePasswordFormSchema, type ChangePasswordFormInput } from '@velvet/core/schemas/auth.schema';
import { preloadCommonPasswords } from '@velvet/core/passwords/common-password';
import { Button } from '../../components/ui/Button';
import { Checkbox, PasswordField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { AccountSection, FormError } from './AccountSection';
import { useChangePassword } from './api/change-password';
import { useHasPassword } from './api/list-accounts';
import { accountErrorMessage, isWrongPassword } from './errors';

export function ChangePasswordCard() {
  const change = useChangePassword();
  const { hasPassword } = useHasPassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', revokeOtherSessions: true },
  });
  // the common-password list the form checks against, fetched while the member types
  useEffect(preloadCommonPasswords, []);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      reset();
      toast({
        title: values.revokeOtherSessions ? messages.account.passwordChangedElsewhere : messages.account.passwordChanged,
        variant: 'success',
      });
    } catch (err) {
      if (isWrongPassword(err)) {
        setError('currentPassword', { message: messages.account.wrongPassword });
        setFocus('currentPassword');
      } else {
        setError('root', { message: accountErrorMessage(err) });
      }
    }
  });

  return (
    <AccountSection
      id="password"
      icon={<KeyRound size={18} />}
      title="Password"
      description="Use at least 8 characters. A long phrase you do not use anywhere else is best."
    >
      {hasPassword === false ? (
        <p className="text-sm">
          {messages.account.noPassword}{' '}
          <Link to="/forgot-password" className="font-semibold text-pink-300 underline-offset-2 hover:underline">
            Set a password by email
          </Link>
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters."
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <Checkbox label="Sign out of other devices" {...register('revokeOtherSessions')} />
          <FormError message={errors.root?.message} />
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto sm:justify-self-start">
            Change password
          </Button>
        </form>
      )}
    </AccountSection>
  );
}
