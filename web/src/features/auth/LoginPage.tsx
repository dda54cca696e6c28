import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { Checkbox, PasswordField, TextField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { fetchSession, sessionKey, useSession } from '../../lib/session';
import { rememberStore } from '../../lib/remember';
import { AuthCard } from './AuthCard';
import { signInFailure, signInWithPassword } from './api/sign-in';
import { usePublicConfig } from './api/config';

// the form's rules load once the member starts on it, not with the page: this page is part of the
// entry, which every page runs first, and zod is no part of a page's start-up
const loadSignInSchema = () => import('@velvet/core/schemas/credentials.schema').then((m) => m.signInSchema);
// a failure is told when the form is sent
const preloadSignInSchema = () => void loadSignInSchema().catch(() => undefined);

// Only some members need these: they load on demand to keep the sign-in page small.
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));
const ProviderButton = lazy(() => import('./ProviderButton').then((m) => ({ default: m.ProviderButton })));

type FieldErrors = Partial<Record<'email' | 'password', string>>;

/** Where a member lands after signing in: setup first, else where they were going, else the dashboard. */
function landingFor(setupCompleted: boolean | undefined, from: string | undefined) {
  if (!setupCompleted) return '/setup-profile';
  return from && from !== '/login' && from !== '/' ? from : '/dashboard';
}

function useOrigin() {
  const location = useLocation();
  return (location.state as { from?: string } | null)?.from;
}

function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const from = useOrigin();
  return async () => {
    const me = await queryClient.fetchQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 0 });
    toast({ title: messages.signIn.welcomeTitle, variant: 'success' });
    await navigate(landingFor(me?.setupCompleted, from), { replace: true });
  };
}

export default function LoginPage() {
  const { isAuthenticated, me, loading } = useSession();
  const [params] = useSearchParams();
  const finish = useFinishSignIn();
  const from = useOrigin();
  const [twoFactor, setTwoFactor] = useState(false);
  const { data: config } = usePublicConfig();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const savedEmail = rememberStore.savedEmail();

  useEffect(() => {
    if (params.get('providerError')) {
      toast({
        title: messages.signIn.failedTitle,
        description: messages.signIn.provider(config?.oidc?.name ?? 'Google'),
        variant: 'destructive',
      });
    }
  }, [params, config?.oidc?.name]);

  if (!loading && isAuthenticated && !twoFactor) return <Navigate to={landingFor(me?.setupCompleted, from)} replace />;

  // A plain form checked with the shared schema: the sign-in page must stay inside its JS budget,
  // so it does without react-hook-form (the other forms use it).
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let signInSchema;
    try {
      signInSchema = await loadSignInSchema();
    } catch {
      toast({ title: messages.signIn.failedTitle, description: messages.signIn.network, variant: 'destructive' });
      return;
    }
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const parsed = signInSchema.safeParse({
      email: text('email'),
      password: text('password'),
      rememberMe: form.get('rememberMe') === 'on',
      keepSignedIn: form.get('keepSignedIn') === 'on',
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'email' || field === 'password') found[field] ??= issue.message;
      }
      setErrors(found);
      toast({
        title: messages.signIn.failedTitle,
        description: found.email ?? found.password ?? messages.signIn.missingFields,
        variant: 'destructive',
      });
      return;
    }
    setErrors({});
    setSubmitting(true);
    const values = parsed.data;
    try {
      const result = await signInWithPassword({ email: values.email, password: values.password, rememberMe: Boolean(values.keepSignedIn) });
      rememberStore.remember(values.rememberMe ? values.email : null);
      rememberStore.setKeepSignedIn(Boolean(values.keepSignedIn));
      if (result?.twoFactorRedirect) {
        setTwoFactor(true);
        return;
      }
      await finish();
    } catch (err) {
      toast({ ...signInFailure(err), variant: 'destructive' });
    } finally {
      setSubmitting(false);
    }
  };

  if (twoFactor) {
    return (
      <AuthCard title={messages.signIn.twoFactorTitle}>
        <Suspense fallback={null}>
          <TwoFactorStep onDone={finish} onCancel={() => setTwoFactor(false)} />
        </Suspense>
      </AuthCard>
    );
  }

  const confirmed = params.get('confirmed');
  const confirmError = !params.get('providerError') && params.get('error');
  return (
    <AuthCard
      title="Sign In"
      footer={
        <>
          New here?{' '}
          <Link to="/signup" className="font-semibold text-pink-300 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {confirmed && !confirmError && (
        <p role="status" className="rounded-xl border border-success/40 bg-success/10 p-3 text-sm">
          {messages.signIn.emailConfirmed}
        </p>
      )}
      {confirmError && (
        <p role="alert" className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm">
          {messages.signIn.confirmLinkInvalid}
        </p>
      )}
      <form noValidate onFocus={preloadSignInSchema} onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          defaultValue={savedEmail}
          error={errors.email}
        />
        <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} />
        <div className="grid gap-0">
          <Checkbox label="Remember me" name="rememberMe" defaultChecked={Boolean(savedEmail)} />
          <Checkbox label="Keep me signed in (private browsing only)" name="keepSignedIn" defaultChecked={rememberStore.keepSignedIn()} />
        </div>
        <Button type="submit" loading={isSubmitting} className="w-full">
          Sign In
        </Button>
        <Link to="/forgot-password" className="justify-self-center text-sm text-muted hover:text-ink hover:underline">
          Forgot your password?
        </Link>
      </form>
      {config?.oidc && (
        <Suspense fallback={null}>
          <ProviderButton providerId={config.oidc.providerId} name={config.oidc.name} />
        </Suspense>
      )}
    </AuthCard>
  );
}
