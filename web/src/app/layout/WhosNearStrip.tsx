import { Link } from 'react-router';
import { MapPin } from 'lucide-react';
import { useLocationState } from '../../lib/location-state';

/** The "Who's Near OFF" strip for signed-in members (spec §2), showing the real setting. */
export function WhosNearStrip() {
  const on = useLocationState().data?.whosNear ?? false;
  return (
    <aside aria-label="Who's Near status" className="border-b border-line bg-card">
      <div className="mx-auto flex max-w-[720px] items-center justify-between px-4 py-1 text-sm">
        <span className="flex items-center gap-2 text-muted">
          <MapPin aria-hidden size={16} /> Who&apos;s Near <strong className={on ? 'text-online' : 'text-ink'}>{on ? 'ON' : 'OFF'}</strong>
        </span>
        <Link to="/whos-near" className="flex min-h-11 items-center font-semibold text-pink-300 hover:underline">
          See who&apos;s near
        </Link>
      </div>
    </aside>
  );
}
