import { Navigate } from 'react-router';
import { RotateCw } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Spinner } from '../../components/ui/Spinner';
import { useSession } from '../../lib/session';
import { useOwnProfile } from './api/get-own-profile';
import { SetupWizard } from './setup/SetupWizard';

/** /setup-profile: the four-step wizard (spec §2), resumed where the member left it. */
export default function SetupProfilePage() {
  const { me } = useSession();
  const own = useOwnProfile();

  if (me?.setupCompleted) return <Navigate to="/dashboard" replace />;

  if (own.isPending) {
    return (
      <div className="grid min-h-[40dvh] place-content-center">
        <Spinner size={28} label="Loading your profile" />
      </div>
    );
  }
  if (own.isError) {
    return (
      <EmptyState
        headingLevel={1}
        title={messages.errors.title}
        line={messages.profile.loadFailed}
        action={
          <Button variant="secondary" loading={own.isFetching} onClick={() => void own.refetch()}>
            <RotateCw aria-hidden size={16} />
            Try Again
          </Button>
        }
      />
    );
  }
  // finished in another tab: nothing left to set up
  if (own.data?.setupCompleted) return <Navigate to="/dashboard" replace />;
  return <SetupWizard profile={own.data} />;
}
