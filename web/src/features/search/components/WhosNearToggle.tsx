import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@velvet/core/messages';
import { Switch } from '../../../components/ui/Switch';
import { toast } from '../../../components/ui/toast-store';
import { useLocationState } from '../../../lib/location-state';
// the one Who's Near setting: the same position calls /whos-near makes (DESIGN.md: one setting, not a local flag)
import { currentPosition, useClearPosition, useSetPosition } from '../../../lib/location-state';

/** The Search hub's Who's Near switch: the same setting as /whos-near and the header strip. */
export function WhosNearToggle() {
  const state = useLocationState();
  const on = state.data?.whosNear ?? false;
  const setPosition = useSetPosition();
  const clearPosition = useClearPosition();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const turnOn = async () => {
    setError(null);
    setLocating(true);
    try {
      const pos = await currentPosition();
      await setPosition.mutateAsync({ lat: pos.coords.latitude, lng: pos.coords.longitude });
    } catch (err) {
      if (err instanceof Error && err.message === 'unsupported') setError(messages.location.unsupported);
      else if (err instanceof GeolocationPositionError) setError(messages.location.denied);
      else toast({ title: 'Error', description: messages.location.failed, variant: 'destructive' });
    } finally {
      setLocating(false);
    }
  };
  const toggle = (next: boolean) => {
    if (next) void turnOn();
    else
      clearPosition.mutate(undefined, {
        onError: () => toast({ title: 'Error', description: messages.location.failed, variant: 'destructive' }),
      });
  };

  return (
    <section aria-label="Who's Near" className="grid gap-2 rounded-2xl border border-line bg-card p-3">
      <div className="flex items-center justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <span className="font-semibold">
            Who&apos;s Near <span className="text-sm text-muted">{locating ? messages.location.getting : on ? 'ON' : 'OFF'}</span>
          </span>
          <Link to="/search/advanced" className="text-xs text-pink-300 hover:underline">
            {messages.search.browsingUk}
          </Link>
        </div>
        <Switch
          label="Who's Near"
          checked={on}
          busy={locating || clearPosition.isPending}
          disabled={state.isPending || locating || clearPosition.isPending}
          onChange={toggle}
        />
      </div>
      {error && (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/15 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
    </section>
  );
}
