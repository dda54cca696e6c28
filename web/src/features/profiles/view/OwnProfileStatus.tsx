import { RotateCw } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { Spinner } from '../../../components/ui/Spinner';
import type { useOwnProfile } from '../api/get-own-profile';

/** While the member's own profile loads, or when it failed to: the page-level spinner or error with a retry. */
export function OwnProfileStatus({ own }: { own: ReturnType<typeof useOwnProfile> }) {
  if (own.isError)
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
  return (
    <div className="grid min-h-[40dvh] place-content-center">
      <Spinner size={28} label="Loading your profile" />
    </div>
  );
}
