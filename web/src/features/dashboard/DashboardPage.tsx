import { Link, Navigate } from 'react-router';
import { ImagePlus, Video, PenLine } from 'lucide-react';
import { CountBadge, LabelBadge } from '../../components/ui/Badge';
import { useUnreadCount } from '../../lib/unread-messages';
import { useOnlineCount } from '../../lib/online-count';
import { useSession } from '../../lib/session';
import { siteName } from '../../lib/site';
import { dashboardTiles } from './tiles';

const quickLink = 'flex min-h-11 items-center gap-2 rounded-xl border border-line bg-card px-3 text-sm hover:bg-raised';

export default function DashboardPage() {
  const { me } = useSession();
  const counts = { unreadMessages: useUnreadCount() };
  const online = useOnlineCount();
  if (me && !me.setupCompleted) return <Navigate to="/setup-profile" replace />;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{siteName}</h1>
        {online !== undefined && (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <span aria-hidden className="h-2 w-2 rounded-full bg-online" />
            {online.toLocaleString('en-GB')} online
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/content" className={quickLink}>
          <ImagePlus aria-hidden size={18} /> Add photo
        </Link>
        <Link to="/content" className={quickLink}>
          <Video aria-hidden size={18} /> Add video
        </Link>
        <Link to="/edit-profile" className={quickLink}>
          <PenLine aria-hidden size={18} /> Update status
        </Link>
      </div>
      <ul className="grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-4">
        {dashboardTiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.to}
              className="relative flex aspect-square flex-col items-center justify-center gap-2 rounded-2xl border border-line bg-card p-2 text-center text-xs font-medium hover:bg-raised sm:text-sm"
            >
              <tile.icon aria-hidden size={26} className="text-pink-300" />
              {tile.label}
              {tile.count && (
                <span className="absolute right-1.5 top-1.5">
                  <CountBadge count={counts[tile.count]} label={`${counts[tile.count]} unread`} />
                </span>
              )}
              {tile.isNew && (
                <span className="absolute right-1.5 top-1.5">
                  <LabelBadge>NEW</LabelBadge>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
