import { useState } from 'react';
import { Link } from 'react-router';
import { MapPin, RefreshCw } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { Avatar } from '../../components/ui/Avatar';
import { Button, buttonClass } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { Switch } from '../../components/ui/Switch';
import { toast } from '../../components/ui/toast-store';
import { useLocationState } from '../../lib/location-state';
import { currentPosition, useClearPosition, useSetPosition } from '../../lib/location-state';
import { useNearby } from './api';

/** The spec's pause before a refreshed list (§4, §9: 1 s), so a tap visibly does something. */
const REFRESH_PAUSE_MS = 1000;

type Phase = 'idle' | 'locating' | 'refreshing';

function geolocationError(err: unknown) {
  if (err instanceof Error && err.message === 'unsupported') return messages.location.unsupported;
  return messages.location.denied;
}

/** /whos-near (spec §2 People Near You): off → 'Getting Location...' → the list; errors leave it off. */
export default function WhosNearPage() {
  const state = useLocationState();
  const on = state.data?.whosNear ?? false;
  const nearby = useNearby(on);
  const setPosition = useSetPosition();
  const clearPosition = useClearPosition();
  const [phase, setPhase] = useState<Phase>('idle');
  const [error, setError] = useState<string | null>(null);

  const locate = async (next: Phase) => {
    setError(null);
    setPhase(next);
    try {
      const started = Date.now();
      const pos = await currentPosition();
      await setPosition.mutateAsync({ lat: pos.coords.latitude, lng: pos.coords.longitude });
      const wait = next === 'refreshing' ? REFRESH_PAUSE_MS - (Date.now() - started) : 0;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await nearby.refetch();
    } catch (err) {
      if (err instanceof GeolocationPositionError || (err instanceof Error && err.message === 'unsupported'))
        setError(geolocationError(err));
      else toast({ title: 'Error', description: messages.location.failed, variant: 'destructive' });
    } finally {
      setPhase('idle');
    }
  };

  const toggle = (next: boolean) => {
    if (next) void locate('locating');
    else
      clearPosition.mutate(undefined, {
        onError: () => toast({ title: 'Error', description: messages.location.failed, variant: 'destructive' }),
      });
  };

  const people = nearby.data?.items ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">People Near You</h1>
      <div className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-card p-3">
        <div className="grid gap-0.5">
          <span className="font-semibold">Who&apos;s Near</span>
          <span className="text-xs text-muted">Your place is shared only as approximate miles, never your exact position.</span>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            disabled={!on || phase !== 'idle'}
            loading={phase === 'refreshing'}
            onClick={() => void locate('refreshing')}
          >
            <RefreshCw aria-hidden size={16} /> Refresh
          </Button>
          <Switch
            label="Who's Near"
            checked={on}
            busy={phase === 'locating' || clearPosition.isPending}
            disabled={state.isPending || phase !== 'idle'}
            onChange={toggle}
          />
        </div>
      </div>
      {error && (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/15 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      {phase === 'locating' ? (
        <div className="grid justify-items-center gap-2 p-6 text-sm text-muted" role="status">
          <Spinner /> {messages.location.getting}
        </div>
      ) : !on ? (
        <EmptyState
          icon={<MapPin aria-hidden size={28} />}
          title="Who's Near is off"
          line="Turn it on to see members near you. Or browse everyone by town instead."
          action={
            <Link to="/browse" className={buttonClass('secondary')}>
              Browse Members
            </Link>
          }
        />
      ) : nearby.isPending ? (
        <div className="grid justify-items-center p-6">
          <Spinner label="Loading people near you" />
        </div>
      ) : nearby.isError ? (
        <LoadError error={nearby.error} what="people near you" onRetry={() => void nearby.refetch()} retrying={nearby.isFetching} />
      ) : people.length === 0 ? (
        <EmptyState
          icon={<MapPin aria-hidden size={28} />}
          title={messages.location.nobody}
          line="Check back later, or browse all members."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-2" aria-label="People near you">
          {people.map((m) => (
            <li key={m.userId} className="flex items-center gap-3 rounded-2xl border border-line bg-card p-3">
              <span className="relative">
                <Avatar src={m.avatarUrl} name={m.displayName} size={48} decorative />
                {m.online && <span className="absolute bottom-0 right-0 h-3 w-3 rounded-full border-2 border-card bg-online" aria-hidden />}
              </span>
              {/* the whole name (it wraps) and the distance first: on a 360 px phone neither is cut */}
              <span className="grid min-w-0 flex-1 grid-cols-1">
                <span className="break-words font-semibold">{m.displayName}</span>
                <span className="text-xs text-muted">
                  {[m.distance, m.ageText, m.online ? 'Online' : null].filter(Boolean).join(' · ')}
                </span>
              </span>
              <Link to={`/profile/${encodeURIComponent(m.userId)}`} className={buttonClass('secondary', 'shrink-0 px-3')}>
                View Profile<span className="sr-only"> of {m.displayName}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/browse" className="justify-self-center text-sm font-semibold text-pink-300 hover:underline">
        Browse all members
      </Link>
    </div>
  );
}
