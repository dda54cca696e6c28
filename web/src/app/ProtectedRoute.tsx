import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import { justSignedOut, useSession } from '../lib/session';
import { toast } from '../components/ui/toast-store';
import { Spinner } from '../components/ui/Spinner';
import { WifiOff } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { EmptyState } from '../components/ui/EmptyState';
import { isNetworkError } from '../lib/api-client';
import { useOnline } from '../lib/online';

/**
 * The route guard (spec §2/§4): loading (at most 5 s) → timed out / unauthenticated (to /login,
 * remembering the origin) / unverified when required (to /verification) / allowed.
 */
export function ProtectedRoute({ children, requireVerified = false }: { children: ReactNode; requireVerified?: boolean }) {
  const { user, loading, error, refresh } = useSession();
  const online = useOnline();
  const location = useLocation();
  const [timedOut, setTimedOut] = useState(false);
  const told = useRef(false);
  const from = location.pathname + location.search;

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setTimedOut(true), limits.guardAuthWaitMs);
    return () => window.clearTimeout(timer);
  }, [loading]);

  // no connection: the member may well be signed in; say so instead of sending them to sign in
  const outcome =
    (error && isNetworkError(error)) || (loading && !online)
      ? 'offline'
      : error
        ? 'error'
        : loading
          ? timedOut
            ? 'timeout'
            : 'loading'
          : !user
            ? justSignedOut()
              ? 'signedOut'
              : 'anonymous'
            : requireVerified && user.verified !== true
              ? 'unverified'
              : 'allowed';

  useEffect(() => {
    if (told.current) return;
    if (outcome === 'anonymous' || outcome === 'timeout') {
      told.current = true;
      toast({
        title: messages.guard.authRequiredTitle,
        description: messages.guard.authRequired(location.pathname),
        variant: 'destructive',
      });
    } else if (outcome === 'error') {
      told.current = true;
      toast({ title: messages.guard.authErrorTitle, description: messages.guard.authError, variant: 'destructive' });
    }
  }, [outcome, location.pathname]);

  switch (outcome) {
    case 'loading':
      return (
        <div className="grid min-h-[50dvh] place-content-center gap-2 text-center" role="status">
          <Spinner size={28} />
          <p className="font-semibold">{messages.guard.verifying}</p>
          <p className="text-sm text-muted">{messages.guard.verifyingHint}</p>
        </div>
      );
    case 'offline':
      return (
        <EmptyState
          icon={<WifiOff aria-hidden size={28} />}
          title={messages.offline.title}
          line={messages.offline.line}
          action={
            <Button variant="secondary" onClick={() => void refresh()}>
              {messages.offline.retry}
            </Button>
          }
        />
      );
    case 'timeout':
    case 'anonymous':
    case 'error':
      return <Navigate to="/login" replace state={{ from }} />;
    case 'signedOut':
      return <Navigate to="/" replace />;
    case 'unverified':
      return <Navigate to="/verification" replace />;
    case 'allowed':
      return <>{children}</>;
  }
}
