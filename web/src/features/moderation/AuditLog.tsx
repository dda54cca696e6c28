import { ScrollText } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { LoadMore } from '../../components/ui/LoadMore';
import { Spinner } from '../../components/ui/Spinner';
import { useAuditLog } from './api/admin';

const ACTION_LABELS: Record<string, string> = {
  report_dismissed: 'Dismissed a report',
  content_removed: 'Removed content',
  member_warned: 'Warned',
  member_suspended: 'Suspended',
  suspension_lifted: 'Lifted the suspension of',
  role_changed: 'Changed the role of',
  verification_approved: 'Approved a verification of',
  verification_rejected: 'Rejected a verification of',
  club_suggestion_approved: 'Listed a suggested club from',
  club_suggestion_rejected: 'Turned down a suggested club from',
};

/** The audit log (admins): every moderator action, newest first. Read-only. */
export function AuditLog() {
  const log = useAuditLog();
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  if (log.isPending) return <Spinner label="Loading the audit log..." />;
  if (log.isError) return <LoadError error={log.error} what="the audit log" onRetry={() => void log.refetch()} retrying={log.isFetching} />;
  if (items.length === 0) return <EmptyState icon={<ScrollText aria-hidden size={28} />} title={messages.moderation.auditEmpty} />;
  return (
    <div className="grid gap-2">
      <ol className="grid gap-2" aria-label="Audit log, newest first">
        {items.map((e) => (
          <li key={e.id} className="grid gap-0.5 rounded-2xl border border-line bg-card p-3 text-sm">
            <p>
              <span className="font-semibold">{e.actor.name ?? e.actor.id}</span> {ACTION_LABELS[e.action] ?? e.action}{' '}
              {e.targetUserId && <span className="font-semibold">{e.targetName ?? e.targetUserId}</span>}
              {e.targetType && e.targetType !== 'member' && <span className="text-muted"> ({e.targetType})</span>}
            </p>
            {e.reason && <p className="break-words text-muted">Why: {e.reason}</p>}
            <p className="text-xs text-muted">
              <time dateTime={e.createdAt}>
                {new Date(e.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </p>
          </li>
        ))}
      </ol>
      <LoadMore hasMore={Boolean(log.hasNextPage)} loading={log.isFetchingNextPage} onLoad={() => void log.fetchNextPage()} />
    </div>
  );
}
