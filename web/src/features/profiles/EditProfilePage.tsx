import { useEffect } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { UserRound } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { buttonClass } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { toast } from '../../components/ui/toast-store';
import { useSession } from '../../lib/session';
import { useOwnProfile } from './api/get-own-profile';
import { OwnProfileStatus } from './view/OwnProfileStatus';
import { EditProfileForm } from './edit/EditProfileForm';

/** The member a link asks to edit: /edit-profile/:userId or /edit-profile?user=<id>; none means oneself. */
function useTargetUserId() {
  const { userId } = useParams();
  const [params] = useSearchParams();
  return userId ?? params.get('user') ?? params.get('userId');
}

/** /edit-profile (spec §2): only one's own profile; anyone else's shows 'Access Denied' and goes to /profile. */
export default function EditProfilePage() {
  const { user } = useSession();
  const target = useTargetUserId();
  const denied = Boolean(target && user && target !== user.id);
  const own = useOwnProfile();

  useEffect(() => {
    if (denied) toast({ title: messages.profile.accessDeniedTitle, description: messages.profile.accessDenied, variant: 'destructive' });
  }, [denied]);

  if (denied) return <Navigate to="/profile" replace />;

  if (own.isPending || own.isError) return <OwnProfileStatus own={own} />;
  if (!own.data) {
    return (
      <EmptyState
        headingLevel={1}
        icon={<UserRound aria-hidden size={32} />}
        title={messages.profile.notFound}
        line={messages.profile.noProfileLine}
        action={
          <Link to="/setup-profile" className={buttonClass('primary')}>
            Set up your profile
          </Link>
        }
      />
    );
  }
  // the form starts from the profile once; later refreshes (a new photo) do not wipe unsaved edits
  return <EditProfileForm key={own.data.userId} profile={own.data} />;
}
