import { Link, NavLink } from 'react-router';
import { Home, Bell, User, MessageCircle, Search, Video, ImagePlus, PenLine, CalendarPlus, Users, ListStart } from 'lucide-react';
import type { ComponentType } from 'react';
import { messages } from '@velvet/core/messages';
import { CountBadge } from '../../components/ui/Badge';
import { useActivityUnread } from '../../lib/activity';
import { useConnectionsSummary } from '../../lib/connections';
import { useUnreadCount } from '../../lib/unread-messages';
import { ActivityList } from './components/ActivityList';
import { MarkAllRead } from './components/MarkAllRead';
import { count as formatCount } from '../../lib/en-gb';

const copy = messages.activity;
type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>;

const quick: { to: string; label: string; icon: Icon }[] = [
  { to: '/content?type=video', label: copy.addVideo, icon: Video },
  { to: '/content', label: copy.addPhoto, icon: ImagePlus },
  { to: '/edit-profile', label: copy.updateStatus, icon: PenLine },
  { to: '/events', label: copy.addMeet, icon: CalendarPlus },
];

/** The spec's tab strip on Updates: Home, Updates (here), My Account, Messages (its unread count), Search. */
function TabStrip() {
  const messagesUnread = useUnreadCount();
  const updatesUnread = useActivityUnread();
  const tabs: { to: string; label: string; icon: Icon; count?: number }[] = [
    { to: '/dashboard', label: 'Home', icon: Home },
    { to: '/updates', label: copy.updatesTitle, icon: Bell, count: updatesUnread },
    { to: '/my-account', label: 'My Account', icon: User },
    { to: '/messages', label: 'Messages', icon: MessageCircle, count: messagesUnread },
    { to: '/search', label: 'Search', icon: Search },
  ];
  return (
    <nav aria-label="Updates tabs" className="rounded-2xl border border-line bg-card px-1">
      <ul className="flex justify-between">
        {tabs.map((t) => (
          <li key={t.to} className="flex-1">
            <NavLink
              to={t.to}
              end
              className={({ isActive }) =>
                `flex min-h-12 flex-col items-center justify-center gap-0.5 rounded-xl text-[11px] ${isActive ? 'text-pink-300' : 'text-muted hover:text-ink'}`
              }
            >
              <span className="relative">
                <t.icon aria-hidden size={18} />
                {!!t.count && (
                  <span className="absolute -right-3 -top-2">
                    <CountBadge count={t.count} label={`${t.count} unread`} />
                  </span>
                )}
              </span>
              {t.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CountTile({ to, label, count, icon: TileIcon }: { to: string; label: string; count: number | undefined; icon: Icon }) {
  return (
    <Link to={to} className="flex min-h-20 items-center gap-3 rounded-2xl border border-line bg-card p-3 hover:bg-raised">
      <TileIcon aria-hidden size={26} className="text-pink-300" />
      <span className="grid">
        <span className="text-sm font-semibold">{label}</span>
        <span className="text-2xl font-bold" data-count={label}>
          {count === undefined ? '–' : formatCount(count)}
        </span>
      </span>
    </Link>
  );
}

/** /updates (spec §2 Updates): the tab strip, quick actions, Friends and Hotlist tiles, and Recent Activity, live. */
export default function UpdatesPage() {
  const summary = useConnectionsSummary();
  return (
    <div className="grid grid-cols-1 gap-4">
      <TabStrip />
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{copy.updatesTitle}</h1>
        <p className="text-sm text-muted">{copy.updatesSubtitle}</p>
      </div>
      <section aria-label={copy.quickActions}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {quick.map((q) => (
            <li key={q.label}>
              <Link
                to={q.to}
                className="flex min-h-11 items-center gap-2 rounded-xl border border-line bg-card px-3 text-sm hover:bg-raised"
              >
                <q.icon aria-hidden size={18} /> {q.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid grid-cols-2 gap-3">
        <CountTile to="/friends" label={copy.friendsTile} count={summary?.friends} icon={Users} />
        <CountTile to="/hotlist" label={copy.hotlistTile} count={summary?.hotlist} icon={ListStart} />
      </div>
      <section className="grid gap-3" aria-labelledby="recent-activity">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recent-activity" className="text-lg font-semibold">
            {copy.recentActivity}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <MarkAllRead />
            <Link to="/notifications" className="min-h-11 content-center rounded-xl px-2 text-sm text-pink-300 hover:underline">
              {copy.allNotifications}
            </Link>
          </div>
        </div>
        <ActivityList />
      </section>
    </div>
  );
}
