import { useState } from 'react';
import { Link } from 'react-router';
import { Inbox } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { REPORT_REASON_LABELS, type AdminReport } from '@velvet/core/schemas/moderation.schema';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { TextareaField } from '../../components/ui/Field';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useDecision, useReportsQueue, type MemberDecision, type ReportDecision } from './api/admin';
import { MODERATOR_REASON_MAX } from '@velvet/core/schemas/moderation.schema';

const m = messages.moderation;
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const who = (p: AdminReport['reported'] | null) => (p ? (p.name ?? p.username ?? p.email ?? p.id) : 'A member who left');

/** Open reports, oldest first: each with what a decision needs, and the decisions. */
export function ReportsQueue() {
  const queue = useReportsQueue();
  if (queue.isPending)
    return (
      <div className="grid justify-items-center p-6">
        <Spinner label="Loading reports..." />
      </div>
    );
  if (queue.isError)
    return <LoadError error={queue.error} what={m.loadWhat} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />;
  if (queue.data.items.length === 0)
    return <EmptyState icon={<Inbox aria-hidden size={28} />} title={m.queueEmpty} line={m.queueEmptyLine} />;
  return (
    <ul className="grid gap-3" aria-label="Open reports">
      {queue.data.items.map((r) => (
        <li key={r.id}>
          <ReportCard report={r} />
        </li>
      ))}
    </ul>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const decide = useDecision();
  const headingId = `report-${report.id}`;

  const act = (kind: ReportDecision | MemberDecision) => {
    const text = reason.trim();
    if (!text) return setError(m.moderatorReasonRequired);
    setError(undefined);
    const d =
      kind === 'dismiss' || kind === 'remove'
        ? { kind, reportId: report.id, reason: text }
        : { kind, userId: report.reported.id, reason: text, reportId: kind === 'unsuspend' ? undefined : report.id };
    decide.mutate(d, {
      onSuccess: () => toast({ title: m.decisionDone, variant: 'success' }),
      onError: (err) =>
        toast({ title: messages.errors.title, description: err instanceof ApiError ? err.message : undefined, variant: 'destructive' }),
    });
  };

  const removable = report.targetType !== 'member' && report.originalExists;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-2xl border border-line bg-card p-4">
      <header className="grid gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          {REPORT_REASON_LABELS[report.reason]}: {report.targetType} of{' '}
          <Link className="text-pink-300 underline" to={`/profile/${encodeURIComponent(report.reported.id)}`}>
            {who(report.reported)}
          </Link>
        </h3>
        <p className="text-xs text-muted">
          Reported by {who(report.reporter)} on {when(report.createdAt)}
        </p>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Reported member</dt>
        <dd>
          {who(report.reported)}
          {report.reported.email ? ` (${report.reported.email})` : ''}
          {report.reported.suspended ? ' · suspended' : ''}
        </dd>
        <dt className="text-muted">Earlier reports</dt>
        <dd>{report.earlierReports}</dd>
        <dt className="text-muted">Warnings</dt>
        <dd>{report.warnings}</dd>
        {report.details && (
          <>
            <dt className="text-muted">Details</dt>
            <dd className="whitespace-pre-wrap break-words">{report.details}</dd>
          </>
        )}
      </dl>
      {report.keptText !== null && (
        <blockquote className="whitespace-pre-wrap break-words rounded-xl bg-raised p-3 text-sm">
          <span className="sr-only">Reported message: </span>
          {report.keptText}
        </blockquote>
      )}
      {report.keptPhotoUrl && (
        <img
          src={report.keptPhotoUrl}
          alt={`Reported photo of ${who(report.reported)}`}
          className="aspect-square w-40 rounded-xl bg-raised object-cover"
        />
      )}
      {report.targetType !== 'member' && !report.originalExists && (
        <p className="text-xs text-muted">The original has been deleted; this is the kept copy.</p>
      )}
      <TextareaField
        label="Reason (kept in the audit log)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={MODERATOR_REASON_MAX}
        length={reason.length}
        error={error}
        rows={2}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => act('dismiss')} disabled={decide.isPending}>
          {m.dismiss}
        </Button>
        {removable && (
          <Button variant="destructive" onClick={() => act('remove')} disabled={decide.isPending}>
            {m.remove} {report.targetType}
          </Button>
        )}
        <Button variant="secondary" onClick={() => act('warn')} disabled={decide.isPending}>
          {m.warn}
        </Button>
        {!report.reported.suspended && (
          <Button variant="destructive" onClick={() => act('suspend')} disabled={decide.isPending}>
            {m.suspend}
          </Button>
        )}
      </div>
    </article>
  );
}
