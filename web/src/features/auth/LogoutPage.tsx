import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

/** /logout signs the member out, with the same toasts as the menu's Sign Out. */
export default function LogoutPage() {
  const { isAuthenticated, loading } = useSession();
  const signOut = useSignOut();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const run = useCallback(() => {
    setFailed(false);
    void signOut().then((ok) => setFailed(!ok));
  }, [signOut]);
  useEffect(() => {
    if (loading || !isAuthenticated || started.current) return;
    started.current = true;
    run();
  }, [loading, isAuthenticated, run]);
  if (!loading && !isAuthenticated && !started.current) return <Navigate to="/" replace />;
  if (failed)
    return (
      <EmptyState
        headingLevel={1}
        title="You are still signed in"
        line={messages.signOut.failure}
        action={<Button onClick={run}>Try Again</Button>}
      />
    );
  return (
    <div className="grid place-content-center p-8">
      <Spinner label="Signing out" />
    </div>
  );
}
