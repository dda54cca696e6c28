import { memo } from 'react';
import { Link, Navigate } from 'react-router';
import { ImagePlus, Video, PenLine } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { CountBadge, LabelBadge } from '../../components/ui/Badge';
import { useUnreadCount } from '../../lib/unread-messages';
import { useOnlineCount } from '../../lib/online-count';
import { useSession } from '../../lib/session';
import { siteName } from '../../lib/site';
import { useConnectionsSummary } from '../../lib/connections';
import { useActivityUnread } from '../../lib/activity';
import { useViewsToday } from './api/get-views-today';
import { dashboardTiles, type Tile, type TileCount } from './tiles';
import { count } from '../../lib/en-gb';

/** What a count means, for screen readers: '3 unread', or the number before 'people today'. */
const countLabel: Record<TileCount, (n: number) => string> = {
  unreadMessages: (n) => `${n} unread`,
  viewsToday: (n) => `${n}`,
  friendInvites: (n) => `${n} ${n === 1 ? 'invite' : 'invites'}`,
  winksNew: (n) => `${n} new ${n === 1 ? 'wink' : 'winks'}`,
  friends: (n) => `${n} ${n === 1 ? 'friend' : 'friends'}`,
  hotlist: (n) => `${n} on your hotlist`,
  updatesUnread: (n) => messages.activity.badge(n),
};

const quickLink = 'flex min-h-11 items-center gap-2 rounded-xl border border-line bg-card px-3 text-sm hover:bg-raised';

/** The same element on every render, so React skips it when a count arrives. */
const quickLinks = (
  <div className="flex flex-wrap gap-2">
    <Link to="/content" className={quickLink}>
      <ImagePlus aria-hidden size={18} /> Add photo
    </Link>
    <Link to="/content?type=video" className={quickLink}>
      <Video aria-hidden size={18} /> Add video
    </Link>
    <Link to="/edit-profile" className={quickLink}>
      <PenLine aria-hidden size={18} /> Update status
    </Link>
  </div>
);

/**
 * One tile. Memoized: each count arrives in its own answer and redraws the page, and only the tile
 * whose count or NEW flag changed needs drawing again (a slow phone redrew all 21 tiles and icons each time).
 */
const DashboardTile = memo(function DashboardTile({ tile, count, isNew }: { tile: Tile; count: number | undefined; isNew: boolean }) {
  return (
    <li>
      <Link
        to={tile.to}
        className="relative flex aspect-square flex-col items-center justify-center gap-2 rounded-2xl border border-line bg-card p-2 text-center text-xs font-medium hover:bg-raised sm:text-sm"
      >
        <tile.icon aria-hidden size={26} className="text-pink-300" />
        {tile.label}
        {tile.count && !!count && (
          <span className="absolute right-1.5 top-1.5">
            <CountBadge count={count} label={countLabel[tile.count](count)} />
          </span>
        )}
        {tile.count === 'viewsToday' && !!count && (
          <span className="-mt-1.5 text-[0.7rem] font-normal text-muted">{messages.profileViews.peopleToday}</span>
        )}
        {isNew && (
          <span className="absolute left-1.5 top-1.5">
            <LabelBadge>NEW</LabelBadge>
          </span>
        )}
      </Link>
    </li>
  );
});

export default function DashboardPage() {
  const { me } = useSession();
  const summary = useConnectionsSummary();
  const counts: Record<TileCount, number | undefined> = {
    unreadMessages: useUnreadCount(),
    viewsToday: useViewsToday(),
    friendInvites: summary?.friendInvites,
    winksNew: summary?.winksNew,
    friends: summary?.friends,
    hotlist: summary?.hotlist,
    updatesUnread: useActivityUnread(),
  };
  const online = useOnlineCount();
  if (me && !me.setupCompleted) return <Navigate to="/setup-profile" replace />;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{siteName}</h1>
        {online !== undefined && (
          <p className="flex items-center gap-1.5 text-sm text-muted">
            <span aria-hidden className="h-2 w-2 rounded-full bg-online" />
            {count(online)} online
          </p>
        )}
      </div>
      {quickLinks}
      <ul className="grid grid-cols-3 gap-2 sm:gap-3 md:grid-cols-4">
        {dashboardTiles.map((tile) => (
          <DashboardTile
            key={tile.label}
            tile={tile}
            count={tile.count && counts[tile.count]}
            isNew={!!(tile.newWhen && summary?.[tile.newWhen])}
          />
        ))}
      </ul>
    </div>
  );
}
