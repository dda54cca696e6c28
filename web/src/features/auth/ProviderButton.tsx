import { useState } from 'react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { startProviderSignIn } from './api/sign-in';

/** 'Continue with Google' (or the configured OpenID provider). */
export function ProviderButton({ providerId, name }: { providerId: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await startProviderSignIn(providerId);
      if (!url) throw new Error('no redirect');
      window.location.assign(url);
    } catch {
      setBusy(false);
      toast({ title: messages.signIn.failedTitle, description: messages.signIn.provider(name), variant: 'destructive' });
    }
  };
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted" aria-hidden>
        <span className="h-px flex-1 bg-line" /> or <span className="h-px flex-1 bg-line" />
      </div>
      <Button variant="secondary" loading={busy} onClick={() => void start()} className="w-full">
        Continue with {name}
      </Button>
    </>
  );
}
