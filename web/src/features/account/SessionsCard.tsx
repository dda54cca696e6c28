import { Link } from 'react-router';
import { HelpCircle, Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Button } from '../../components/ui/Button';
import { LabelBadge } from '../../components/ui/Badge';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { AccountSection, FormError } from './AccountSection';
import { useSessions, type DeviceSession } from './api/list-sessions';
import { useRevokeSession } from './api/revoke-session';
import { useRevokeOtherSessions } from './api/revoke-other-sessions';
import { describeDevice, type DeviceKind } from './device';
import { accountErrorMessage } from './errors';
import { formatAgo, formatDateTime } from './format';

const kindIcon: Record<DeviceKind, typeof Smartphone> = { phone: Smartphone, tablet: Tablet, computer: Laptop, unknown: HelpCircle };

export function SessionsCard() {
  const query = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const others = query.data ? query.data.sessions.filter((s) => s.id !== query.data.currentId) : [];

  const signOutOthers = async () => {
    try {
      await revokeOthers.mutateAsync();
      toast({ title: messages.account.otherSessionsRevoked, variant: 'success' });
    } catch (err) {
      toast({ title: messages.errors.title, description: accountErrorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <AccountSection
      id="sessions"
      icon={<MonitorSmartphone size={18} />}
      title="Devices"
      description="Where your account is signed in. If you do not recognise a device, sign it out and change your password."
    >
      {query.isPending ? (
        <div className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner size={16} /> Loading your devices…
        </div>
      ) : query.isError ? (
        <SessionsError error={query.error} retry={() => void query.refetch()} />
      ) : (
        <>
          <ul className="grid gap-2" aria-label="Signed-in devices">
            {query.data.sessions.map((s) => (
              <SessionRow key={s.id} session={s} current={s.id === query.data.currentId} />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="text-sm text-muted">You are signed in on this device only.</p>
          ) : (
            <Button
              variant="secondary"
              loading={revokeOthers.isPending}
              onClick={() => void signOutOthers()}
              className="w-full sm:w-auto sm:justify-self-start"
            >
              Sign out everywhere else
            </Button>
          )}
        </>
      )}
    </AccountSection>
  );
}

function SessionRow({ session, current }: { session: DeviceSession; current: boolean }) {
  const revoke = useRevokeSession();
  const device = describeDevice(session.userAgent);
  const Icon = kindIcon[device.kind];

  const signOut = async () => {
    try {
      await revoke.mutateAsync(session.id);
      toast({ title: messages.account.sessionRevoked, variant: 'success' });
    } catch (err) {
      toast({ title: messages.errors.title, description: accountErrorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <li
      className="grid grid-cols-[auto_1fr] items-start gap-x-3 gap-y-2 rounded-xl border border-line bg-raised/40 p-3 sm:grid-cols-[auto_1fr_auto] sm:items-center"
      data-testid="session-row"
    >
      <Icon aria-hidden size={22} className="mt-0.5 text-muted sm:mt-0" />
      <div className="grid min-w-0 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
          {device.label}
          {current && <LabelBadge tone="brand">This device</LabelBadge>}
        </p>
        <p className="text-xs text-muted">Signed in {formatDateTime(session.createdAt)}</p>
        <p className="text-xs text-muted">{current ? 'Active now' : `Last active ${formatAgo(session.updatedAt)}`}</p>
      </div>
      {!current && (
        <Button
          variant="secondary"
          loading={revoke.isPending}
          onClick={() => void signOut()}
          aria-label={`Sign out ${device.label}, signed in ${formatDateTime(session.createdAt)}`}
          className="col-start-2 justify-self-start sm:col-start-3"
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

function SessionsError({ error, retry }: { error: unknown; retry: () => void }) {
  if (error instanceof ApiError && error.code === 'SESSION_NOT_FRESH') {
    return (
      <div className="grid gap-3">
        <FormError message={messages.account.sessionsNotFresh} />
        <Link to="/logout" className="text-sm font-semibold text-pink-300 underline-offset-2 hover:underline">
          Sign out now
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <FormError message={messages.account.sessionsFailed} />
      <Button variant="secondary" onClick={retry} className="justify-self-start">
        Try again
      </Button>
    </div>
  );
}
