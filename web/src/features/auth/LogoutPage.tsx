import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';

/** /logout signs the member out, with the same toasts as the menu's Sign Out. */
export default function LogoutPage() {
  const { isAuthenticated, loading } = useSession();
  const signOut = useSignOut();
  const started = useRef(false);
  useEffect(() => {
    if (loading || !isAuthenticated || started.current) return;
    started.current = true;
    void signOut();
  }, [loading, isAuthenticated, signOut]);
  if (!loading && !isAuthenticated && !started.current) return <Navigate to="/" replace />;
  return (
    <div className="grid place-content-center p-8">
      <Spinner label="Signing out" />
    </div>
  );
}
