import { Navigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useOwnProfile } from './api/get-own-profile';
import { OwnProfileStatus } from './view/OwnProfileStatus';
import { SetupWizard } from './setup/SetupWizard';

/** /setup-profile: the four-step wizard (spec §2), resumed where the member left it. */
export default function SetupProfilePage() {
  const { me } = useSession();
  const own = useOwnProfile();

  if (me?.setupCompleted) return <Navigate to="/dashboard" replace />;

  if (own.isPending || own.isError) return <OwnProfileStatus own={own} />;
  // finished in another tab: nothing left to set up
  if (own.data?.setupCompleted) return <Navigate to="/dashboard" replace />;
  return <SetupWizard profile={own.data} />;
}
