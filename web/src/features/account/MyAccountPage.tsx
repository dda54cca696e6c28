import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@velvet/core/messages';
import { toast } from '../../components/ui/toast-store';
import { sessionKey, useSession } from '../../lib/session';
import { ChangeEmailCard } from './ChangeEmailCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DeleteAccountCard, DownloadDataCard } from './DataRightsCards';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';
import { pendingEmailStore } from './pending-email';
import { usePublicConfig } from '../auth/api/config';

/** /my-account: email, password, two-factor sign-in, signed-in devices, and the member's data rights. */
export default function MyAccountPage() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { data: config } = usePublicConfig();
  // back from a fresh provider sign-in to confirm the deletion: the dialog opens again
  const [confirmDelete] = useState(() => params.has('confirmDelete'));

  // Back from the mailed "confirm your new email" link (better-auth redirects here, with ?error= when it failed).
  useEffect(() => {
    if (params.has('confirmDelete')) {
      setParams({}, { replace: true });
      return;
    }
    if (!params.has('emailChanged') && !params.has('error')) return;
    const failed = params.has('error');
    if (failed) {
      toast({ title: messages.errors.title, description: messages.account.emailLinkInvalid, variant: 'destructive' });
    } else {
      if (user) pendingEmailStore.clear(user.id);
      toast({ title: messages.account.emailChanged, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    }
    setParams({}, { replace: true });
  }, [params, setParams, queryClient, user]);

  if (!user) return null; // the route guard only renders this page for a signed-in member

  return (
    <div className="grid gap-4">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">My Account</h1>
        <p className="text-sm text-muted">Your sign-in details, the devices signed in to your account, and your data.</p>
      </header>
      <ChangeEmailCard key={user.email} userId={user.id} email={user.email} emailVerified={user.emailVerified} />
      <ChangePasswordCard />
      <TwoFactorCard enabled={user.twoFactorEnabled} email={user.email} />
      <SessionsCard />
      <DownloadDataCard />
      <DeleteAccountCard provider={config?.oidc ?? null} openAtStart={confirmDelete} />
    </div>
  );
}
