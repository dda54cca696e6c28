import { NavLink } from 'react-router';
import { Home, MapPin, Martini, MessageCircle, User } from 'lucide-react';
import type { ComponentType } from 'react';
import { bottomNav } from '../nav';
import { NavIcon } from './NavIcon';
import { useUnreadCount } from '../../lib/unread-messages';

const icons: Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  '/dashboard': Home,
  '/whos-near': MapPin,
  '/clubs': Martini,
  '/messages': MessageCircle,
  '/profile': User,
};

/** Bottom navigation on signed-in screens, fixed and safe-area aware (UI.md). */
export function BottomNav() {
  const unread = useUnreadCount();
  return (
    <nav aria-label="Bottom navigation" className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-page/95 pb-safe backdrop-blur">
      <ul className="mx-auto flex max-w-[720px]">
        {bottomNav.map((l) => {
          const Icon = icons[l.to] ?? Home;
          return (
            <li key={l.to} className="flex-1">
              <NavLink
                to={l.to}
                className={({ isActive }) =>
                  `flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px] ${isActive ? 'text-pink-300' : 'text-muted hover:text-ink'}`
                }
              >
                <NavIcon icon={Icon} size={20} count={l.to === '/messages' ? unread : 0} />
                {l.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
