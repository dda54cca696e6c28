import { useState } from 'react';
import { UserX } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { TextField } from '../../components/ui/Field';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useDecision, useSuspended } from './api/admin';

const m = messages.moderation;

/** Suspended members, each with 'Lift suspension' (a reason is kept in the audit log). */
export function SuspendedMembers() {
  const list = useSuspended();
  if (list.isPending) return <Spinner label="Loading..." />;
  if (list.isError)
    return <LoadError error={list.error} what="suspended members" onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.data.items.length === 0) return <EmptyState icon={<UserX aria-hidden size={28} />} title="No suspended members" />;
  return (
    <ul className="grid gap-2" aria-label="Suspended members">
      {list.data.items.map((p) => (
        <li key={p.id}>
          <SuspendedRow id={p.id} name={p.name ?? p.username ?? p.email ?? p.id} email={p.email} />
        </li>
      ))}
    </ul>
  );
}

function SuspendedRow({ id, name, email }: { id: string; name: string; email: string | null }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const decide = useDecision();
  return (
    <form
      className="grid gap-2 rounded-2xl border border-line bg-card p-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setError(m.moderatorReasonRequired);
        setError(undefined);
        decide.mutate(
          { kind: 'unsuspend', userId: id, reason: reason.trim() },
          {
            onSuccess: () => toast({ title: m.decisionDone, variant: 'success' }),
            onError: (err) =>
              toast({
                title: messages.errors.title,
                description: err instanceof ApiError ? err.message : undefined,
                variant: 'destructive',
              }),
          },
        );
      }}
    >
      <p className="font-medium">
        {name} {email && <span className="text-sm text-muted">({email})</span>}
      </p>
      <TextField
        label={`Reason for lifting ${name}'s suspension`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error}
      />
      <Button type="submit" variant="secondary" loading={decide.isPending}>
        {m.unsuspend}
      </Button>
    </form>
  );
}
