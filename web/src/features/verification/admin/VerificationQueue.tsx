import { useState } from 'react';
import { Link } from 'react-router';
import { Check, ShieldCheck, X } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { VERIFICATION_TYPE_LABELS, type QueueItem } from '@velvet/core/schemas/verification.schema';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { useDecideVerification, useVerificationQueue } from '../api/verifications';
import { RejectDialog } from './RejectDialog';
import { FORM_FIELDS } from '../components/verification-fields';

const m = messages.verification;

/** The submitted fields with the form's own labels. */
function Fields({ item }: { item: QueueItem }) {
  const labels = new Map(FORM_FIELDS[item.type].map((f) => [f.name, f.label.replace(' (optional)', '')]));
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {Object.entries(item.fields).map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted">{labels.get(key) ?? key}</dt>
          <dd className="break-words">{String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The moderators' verification queue (oldest first): each request with the member, the submitted
 * fields and the private photo; Approve, or Reject with a reason. Exported for the /admin page.
 */
export function VerificationQueue() {
  const queue = useVerificationQueue();
  const decide = useDecideVerification();
  const [rejecting, setRejecting] = useState<QueueItem | null>(null);

  const run = (item: QueueItem, decision: 'approve' | 'reject', reason?: string) =>
    decide.mutate(
      { id: item.id, decision, reason },
      {
        onSuccess: () => {
          setRejecting(null);
          toast({
            title: decision === 'approve' ? m.approvedTitle : m.rejectedTitle,
            description: `${VERIFICATION_TYPE_LABELS[item.type]} · @${item.member.username ?? item.member.userId}`,
            variant: 'success',
          });
        },
        onError: (err) => {
          const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
          toast({ title: 'Error', description: refused ? err.message : m.decisionFailed, variant: 'destructive' });
        },
      },
    );

  if (queue.isPending)
    return (
      <div className="grid justify-items-center p-6">
        <Spinner label="Loading the queue" />
      </div>
    );
  if (queue.isError)
    return <LoadError error={queue.error} what="the verification queue" onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  if (queue.data.length === 0)
    return <EmptyState icon={<ShieldCheck aria-hidden size={28} />} title={m.queueEmpty} line={m.queueEmptyLine} />;

  return (
    <>
      <ul className="grid gap-3" aria-label={m.queueTitle}>
        {queue.data.map((item) => {
          const name = item.member.displayName ?? item.member.username ?? item.member.userId;
          const busy = decide.isPending && decide.variables?.id === item.id;
          return (
            <li
              key={item.id}
              className="grid gap-3 rounded-2xl border border-line bg-card p-4"
              aria-label={`${VERIFICATION_TYPE_LABELS[item.type]} from ${name}`}
            >
              <div className="flex items-center gap-3">
                <Avatar src={item.member.avatarUrl} name={name} size={44} decorative />
                <div className="grid min-w-0">
                  {item.member.username ? (
                    <Link to={`/profile/${encodeURIComponent(item.member.userId)}`} className="truncate font-semibold hover:underline">
                      {name} <span className="text-muted">@{item.member.username}</span>
                    </Link>
                  ) : (
                    <span className="truncate font-semibold">{name}</span>
                  )}
                  <span className="text-xs text-muted">
                    {VERIFICATION_TYPE_LABELS[item.type]} · sent {new Date(item.createdAt).toLocaleString('en-GB')}
                  </span>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-[200px_1fr]">
                <a href={item.photoUrl} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-xl bg-raised">
                  <img
                    src={item.photoUrl}
                    alt={`Verification photo from ${name}`}
                    className="aspect-[4/3] w-full object-cover"
                    loading="lazy"
                  />
                </a>
                <Fields item={item} />
              </div>
              <div className="grid grid-cols-2 gap-2">
                <Button variant="destructive" onClick={() => setRejecting(item)} disabled={busy}>
                  <X aria-hidden size={16} /> {m.reject}
                </Button>
                <Button onClick={() => run(item, 'approve')} loading={busy && decide.variables?.decision === 'approve'} disabled={busy}>
                  <Check aria-hidden size={16} /> {m.approve}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <RejectDialog
        key={rejecting?.id ?? 'closed'}
        name={rejecting ? (rejecting.member.displayName ?? rejecting.member.username ?? 'this member') : null}
        busy={decide.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => rejecting && run(rejecting, 'reject', reason)}
      />
    </>
  );
}
