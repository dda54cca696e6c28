import { useState } from 'react';
import { Building2 } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import type { ClubSuggestion } from '@velvet/core/schemas/club.schema';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { EmptyState } from '../../../components/ui/EmptyState';
import { TextField } from '../../../components/ui/Field';
import { LoadError } from '../../../components/ui/LoadError';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useClubSuggestions, useDecideSuggestion } from '../api/clubs-api';

const copy = messages.clubs.suggest;

function SuggestionItem({ item }: { item: ClubSuggestion }) {
  const decide = useDecideSuggestion();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const run = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) return setReasonError(copy.reasonRequired);
    try {
      await decide.mutateAsync({ id: item.id, decision: decision === 'approve' ? { decision } : { decision, reason: reason.trim() } });
      toast({ title: decision === 'approve' ? copy.approved : copy.rejected, variant: 'success' });
    } catch (err) {
      toast({ title: err instanceof ApiError ? err.message : messages.errors.internal, variant: 'destructive' });
    }
  };
  return (
    <li>
      <Card className="grid gap-2">
        <h3 className="font-semibold">{item.name}</h3>
        <p className="text-sm text-muted">
          {item.town}, {item.region} · suggested by {item.suggestedBy?.displayName ?? 'a former member'} on{' '}
          <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleDateString('en-GB')}</time>
        </p>
        {item.details && <p className="whitespace-pre-line break-words text-sm">{item.details}</p>}
        <TextField
          label="Reason (to reject)"
          value={reason}
          maxLength={500}
          error={reasonError}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button loading={decide.isPending && decide.variables?.decision.decision === 'approve'} onClick={() => void run('approve')}>
            Approve and list
          </Button>
          <Button
            variant="destructive"
            loading={decide.isPending && decide.variables?.decision.decision === 'reject'}
            onClick={() => void run('reject')}
          >
            Reject
          </Button>
        </div>
      </Card>
    </li>
  );
}

/** Club suggestions waiting for a moderator, oldest first (an /admin section). */
export function ClubSuggestionsQueue() {
  const queue = useClubSuggestions();
  if (queue.isPending) return <Spinner label="Loading suggestions..." />;
  if (queue.isError)
    return <LoadError error={queue.error} what="the suggestions" onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  if (queue.data.items.length === 0) return <EmptyState icon={<Building2 aria-hidden size={28} />} title="No suggestions waiting" />;
  return (
    <ul className="grid gap-3">
      {queue.data.items.map((item) => (
        <SuggestionItem key={item.id} item={item} />
      ))}
    </ul>
  );
}
