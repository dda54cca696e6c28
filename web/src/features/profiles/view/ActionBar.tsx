import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Ban, Flag, Flame, Heart, MessageCircle, Smile, UserCheck, UserPlus } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import type { ConnectionState } from '@velvet/core/schemas/connection.schema';
import { buttonClass } from '../../../components/ui/Button';
import { BlockMemberDialog } from '../../../components/block/BlockMemberDialog';
import { ReportDialog } from '../../moderation/ReportDialog';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { toast } from '../../../components/ui/toast-store';
import { api, ApiError, call } from '../../../lib/api-client';
import { connectionsKey, useConnectionAction, type ConnectionAction } from '../../../lib/connections';
import { queryClient } from '../../../lib/query-client';
import { connectionStateKey, useConnectionState } from '../api/get-connection-state';
import { actionLabels, afterAction } from './action-states';

const toggle =
  'flex min-h-12 w-full flex-col items-center justify-center gap-1 rounded-xl border px-1 text-xs font-medium transition disabled:cursor-not-allowed disabled:opacity-60';
const off = 'border-line bg-raised text-ink hover:bg-card';
const on = 'border-brand-pink/60 bg-brand-pink/15 text-pink-200';

function ToggleButton(props: {
  pressed: boolean;
  busy: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon: ReactNode;
  label: string;
  name: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      aria-busy={props.busy || undefined}
      disabled={props.busy || props.disabled}
      onClick={props.onClick}
      className={`${toggle} ${props.pressed ? on : off}`}
    >
      {props.busy ? <Spinner size={20} /> : props.icon}
      {props.label}
      <span className="sr-only"> {props.name}</span>
    </button>
  );
}

/**
 * What a member can do about another (spec §2 profile view): Message, then Like, Wink, Add friend
 * and Hotlist, each showing where the member stands (Liked, Winked today, Invite sent / Friends /
 * Accept invite, On hotlist). The buttons wrap in a grid (three a row at 360 px, one row from 640 px);
 * Report (the report dialog) and Block (an optional reason, then the page is left: the member is no
 * longer there to see) sit in the same list.
 */
export function ActionBar({ name, userId }: { name: string; userId: string }) {
  const state = useConnectionState(userId);
  const action = useConnectionAction();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const navigate = useNavigate();
  const like = useMutation({
    mutationFn: () => call(api.POST('/discover/{userId}/like', { params: { path: { userId } } })),
    onSuccess: (result) => {
      setState((s) => afterAction(s, 'like'));
      if (result.match && result.member)
        toast({
          title: messages.discover.matchTitle,
          description: messages.discover.matchLine(result.member.displayName),
          variant: 'success',
        });
      void queryClient.invalidateQueries({ queryKey: ['discover'] });
      void queryClient.invalidateQueries({ queryKey: connectionsKey });
    },
    onError: (err) => {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      toast({ title: 'Error', description: refused ? err.message : messages.discover.likeFailed, variant: 'destructive' });
    },
  });

  const setState = (next: (s: ConnectionState) => ConnectionState) =>
    queryClient.setQueryData<ConnectionState>(connectionStateKey(userId), (s) => (s ? next(s) : s));
  const run = (what: ConnectionAction, onDone?: () => void) =>
    action.mutate(
      { action: what, userId, name },
      {
        onSuccess: () => {
          if (what !== 'decline') setState((s) => afterAction(s, what));
          onDone?.();
        },
      },
    );
  const busy = (what: ConnectionAction | ConnectionAction[]) => action.isPending && [what].flat().includes(action.variables.action);

  return (
    <section aria-labelledby="profile-actions" className="grid gap-3 rounded-2xl border border-line bg-card p-3">
      <h2 id="profile-actions" className="sr-only">
        Actions
      </h2>
      <Link to={`/messages/${encodeURIComponent(userId)}`} className={buttonClass('primary', 'w-full')}>
        <MessageCircle aria-hidden size={18} /> Message
        <span className="sr-only"> {name}</span>
      </Link>
      {state.isPending ? (
        <div className="grid justify-items-center p-2">
          <Spinner label="Loading actions" />
        </div>
      ) : state.isError ? (
        <p role="alert" className="text-sm text-muted">
          {state.error instanceof ApiError ? state.error.message : messages.connections.failed}
        </p>
      ) : (
        <ActionList
          state={state.data}
          name={name}
          likeBusy={like.isPending}
          onLike={() => like.mutate()}
          busy={busy}
          run={run}
          onRemove={() => setConfirmRemove(true)}
          onReport={() => setReporting(true)}
          onBlock={() => setBlocking(true)}
        />
      )}
      <ReportDialog
        target={reporting ? { type: 'member', id: userId } : null}
        member={{ userId, name }}
        onClose={() => setReporting(false)}
        onBlocked={() => void navigate('/browse', { replace: true })}
      />
      <BlockMemberDialog
        member={{ userId, name }}
        open={blocking}
        onOpenChange={setBlocking}
        onBlocked={() => void navigate('/browse', { replace: true })}
      />
      <ConfirmDialog
        open={confirmRemove}
        title={`Remove ${name} from your friends?`}
        line="You can invite them again later."
        confirm="Remove"
        busy={busy('remove')}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() => run('remove', () => setConfirmRemove(false))}
      />
    </section>
  );
}

function ActionList(props: {
  state: ConnectionState;
  name: string;
  likeBusy: boolean;
  onLike: () => void;
  busy: (what: ConnectionAction | ConnectionAction[]) => boolean;
  run: (what: ConnectionAction) => void;
  onRemove: () => void;
  onReport: () => void;
  onBlock: () => void;
}) {
  const { state: s, name, busy, run } = props;
  const labels = actionLabels(s);
  const friend = labels.friend;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={`What you can do about ${name}`}>
      <li>
        <ToggleButton
          pressed={s.liked}
          busy={props.likeBusy}
          // a like stays (Discover has no unlike)
          disabled={s.liked}
          onClick={props.onLike}
          icon={<Heart aria-hidden size={20} fill={s.liked ? 'currentColor' : 'none'} />}
          label={labels.like}
          name={name}
        />
      </li>
      <li>
        <ToggleButton
          pressed={s.winkedToday}
          busy={busy('wink')}
          onClick={() => run('wink')}
          icon={<Smile aria-hidden size={20} />}
          label={labels.wink}
          name={name}
        />
      </li>
      <li>
        <ToggleButton
          pressed={friend.pressed}
          busy={busy(['invite', 'accept', 'cancel'])}
          onClick={() => (friend.action === 'remove' ? props.onRemove() : run(friend.action))}
          icon={s.friendship === 'friends' ? <UserCheck aria-hidden size={20} /> : <UserPlus aria-hidden size={20} />}
          label={friend.label}
          name={name}
        />
      </li>
      <li>
        <ToggleButton
          pressed={s.hotlisted}
          busy={busy(['hotlistAdd', 'hotlistRemove'])}
          onClick={() => run(s.hotlisted ? 'hotlistRemove' : 'hotlistAdd')}
          icon={<Flame aria-hidden size={20} fill={s.hotlisted ? 'currentColor' : 'none'} />}
          label={labels.hotlist}
          name={name}
        />
      </li>
      <li>
        <button type="button" onClick={props.onReport} className={`${toggle} ${off}`}>
          <Flag aria-hidden size={20} />
          {messages.moderation.reportAction}
          <span className="sr-only"> {name}</span>
        </button>
      </li>
      <li>
        <button type="button" onClick={props.onBlock} className={`${toggle} ${off}`}>
          <Ban aria-hidden size={20} />
          {messages.privacy.block}
          <span className="sr-only"> {name}</span>
        </button>
      </li>
    </ul>
  );
}
