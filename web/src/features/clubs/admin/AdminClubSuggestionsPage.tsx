import { ShieldAlert } from 'lucide-react';
import { canModerate } from '@velvet/core/constants/roles';
import { messages } from '@velvet/core/messages';
import { EmptyState } from '../../../components/ui/EmptyState';
import { useSession } from '../../../lib/session';
import { ClubSuggestionsQueue } from './ClubSuggestionsQueue';

/** /admin/club-suggestions: the queue for moderators; everyone else is told Access Denied. */
export default function AdminClubSuggestionsPage() {
  const { user } = useSession();
  if (!canModerate(user?.role))
    return (
      <EmptyState
        icon={<ShieldAlert aria-hidden size={28} />}
        title={messages.profile.accessDeniedTitle}
        line={messages.errors.forbidden}
        headingLevel={1}
      />
    );
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">Club suggestions</h1>
      <ClubSuggestionsQueue />
    </div>
  );
}
