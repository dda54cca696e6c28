import { NavLink } from 'react-router';
import { Home, Bell, User, MessageCircle, Search } from 'lucide-react';
import type { ComponentType } from 'react';
import { topBar } from '../nav';
import { Logo } from './Logo';
import { Menu } from './Menu';
import { NavIcon } from './NavIcon';
import { useUnreadCount } from '../../lib/unread-messages';
import { useActivityUnread } from '../../lib/activity';

const icons: Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  '/dashboard': Home,
  '/updates': Bell,
  '/profile': User,
  '/messages': MessageCircle,
  '/search': Search,
};

/** The header: logo and tagline, the signed-in top bar, and the menu toggle (spec §2). */
export function Header({ signedIn }: { signedIn: boolean }) {
  const unread = useUnreadCount(signedIn);
  const updates = useActivityUnread(signedIn);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-page/90 backdrop-blur">
      <div className="mx-auto flex max-w-[720px] items-center justify-between gap-2 px-3 py-1">
        <Logo to={signedIn ? '/dashboard' : '/'} />
        <Menu signedIn={signedIn} />
      </div>
      {signedIn && (
        <nav aria-label="Top bar" className="mx-auto max-w-[720px] px-1">
          <ul className="flex justify-between">
            {topBar.map((l) => {
              const Icon = icons[l.to] ?? Home;
              return (
                <li key={l.to} className="flex-1">
                  <NavLink
                    to={l.to}
                    className={({ isActive }) =>
                      `flex min-h-11 flex-col items-center justify-center rounded-xl text-[11px] ${isActive ? 'text-pink-300' : 'text-muted hover:text-ink'}`
                    }
                  >
                    <NavIcon icon={Icon} size={18} count={l.to === '/messages' ? unread : l.to === '/updates' ? updates : 0} />
                    {l.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </header>
  );
}
