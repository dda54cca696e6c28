import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { Download, Trash2 } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { DELETED_ACCOUNT_RECORDS_MONTHS } from '@velvet/core/constants/retention';
import { Button, buttonClass } from '../../components/ui/Button';
import { PasswordField } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { rememberStore } from '../../lib/remember';
import { markSignedOut, sessionKey } from '../../lib/session';
import { AccountSection, FormError } from './AccountSection';
import { EXPORT_URL, signInAgainToDelete, useDeleteAccount } from './api/delete-account';
import { useHasPassword } from './api/list-accounts';
import { accountErrorMessage } from './errors';

const words = messages.dataRights;

/** 'Download my data': the browser saves the zip the server streams (UK GDPR, right of access). */
export function DownloadDataCard() {
  return (
    <AccountSection id="download-data" icon={<Download size={18} />} title={words.downloadTitle} description={words.downloadLine}>
      <a
        href={EXPORT_URL}
        download
        className={buttonClass('secondary', 'w-full sm:w-auto sm:justify-self-start')}
        onClick={() => toast({ title: words.downloadStarted, variant: 'success' })}
      >
        <Download aria-hidden size={16} /> {words.downloadAction}
      </a>
    </AccountSection>
  );
}

interface Provider {
  providerId: string;
  name: string;
}

/** 'Delete my account': confirmed with the password, or a fresh sign-in with the provider. */
export function DeleteAccountCard({ provider, openAtStart }: { provider: Provider | null; openAtStart: boolean }) {
  const [open, setOpen] = useState(openAtStart);
  return (
    <AccountSection id="delete-account" icon={<Trash2 size={18} />} title={words.deleteTitle} description={words.deleteLine}>
      <Button variant="destructive" className="w-full sm:w-auto sm:justify-self-start" onClick={() => setOpen(true)}>
        {words.deleteAction}
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} provider={provider} />
    </AccountSection>
  );
}

function DeleteAccountDialog({ open, onClose, provider }: { open: boolean; onClose: () => void; provider: Provider | null }) {
  const { hasPassword, isPending: loadingMethods } = useHasPassword();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [needsFreshSignIn, setNeedsFreshSignIn] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const busy = remove.isPending || redirecting;

  const close = () => {
    if (busy) return;
    setPassword('');
    setError(undefined);
    onClose();
  };

  const confirm = async () => {
    setError(undefined);
    if (hasPassword && !password) return setError(messages.account.passwordRequired);
    try {
      await remove.mutateAsync(hasPassword ? { password } : {});
    } catch (err) {
      if (err instanceof ApiError && err.code === 'WRONG_PASSWORD') return setError(words.wrongPassword);
      if (err instanceof ApiError && err.code === 'FRESH_SIGN_IN_REQUIRED') {
        setNeedsFreshSignIn(true);
        return setError(words.freshSignInRequired);
      }
      return setError(err instanceof ApiError && err.status >= 500 ? words.deleteFailed : accountErrorMessage(err));
    }
    rememberStore.remember(null);
    rememberStore.clearKeepSignedIn();
    markSignedOut();
    queryClient.setQueryData(sessionKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
    toast({ title: words.deleted, variant: 'success' });
    await navigate('/', { replace: true });
  };

  const signInAgain = async () => {
    if (!provider) return;
    setRedirecting(true);
    try {
      const { url } = await signInAgainToDelete(provider.providerId);
      if (!url) throw new Error('no redirect');
      window.location.assign(url);
    } catch {
      setRedirecting(false);
      setError(messages.signIn.provider(provider.name));
    }
  };

  const providerName = provider?.name ?? 'your provider';
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-line bg-card p-4 focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">{words.deleteConfirmTitle}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">
            {hasPassword === false ? words.deleteFreshPrompt(providerName) : words.deletePasswordPrompt}
          </Dialog.Description>
          <p className="text-sm text-muted">
            {words.deleteKept(DELETED_ACCOUNT_RECORDS_MONTHS)}{' '}
            <Link to="/privacy#retention" className="font-semibold text-pink-300 underline-offset-2 hover:underline">
              {words.deleteKeptLink}
            </Link>
          </p>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void confirm();
            }}
          >
            {hasPassword && (
              <PasswordField
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoFocus
              />
            )}
            <FormError message={error} />
            {needsFreshSignIn && provider && (
              <Button variant="secondary" loading={redirecting} onClick={() => void signInAgain()}>
                {words.signInAgain(provider.name)}
              </Button>
            )}
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant="destructive" loading={remove.isPending} disabled={loadingMethods || redirecting}>
                {remove.isPending ? words.deleting : 'Delete'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
