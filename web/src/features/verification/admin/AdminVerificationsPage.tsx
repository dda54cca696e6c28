import { ShieldAlert } from 'lucide-react';
import { canModerate } from '@velvet/core/constants/roles';
import { messages } from '@velvet/core/messages';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useSession } from '../../../lib/session';
import { VerificationQueue } from './VerificationQueue';

/** /admin/verifications: the queue for moderators; everyone else is told Access Denied. */
export default function AdminVerificationsPage() {
  const { user } = useSession();
  if (!canModerate(user?.role))
    return (
      <EmptyState
        icon={<ShieldAlert aria-hidden size={28} />}
        title={messages.profile.accessDeniedTitle}
        line={messages.verification.accessDenied}
        headingLevel={1}
      />
    );
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">{messages.verification.queueTitle}</h1>
      <VerificationQueue />
    </div>
  );
}
