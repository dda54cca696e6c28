import * as Dialog from '@radix-ui/react-dialog';
import { Menu as MenuIcon, X, LogOut } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { canModerate } from '@velvet/core/constants/roles';
import { moderationLink, signedInMenu, signedOutMenu } from '../nav';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import { useActivityUnread } from '../../lib/activity';
import { CountBadge } from '../../components/ui/Badge';

/** The full-screen menu (spec §2): closes on a link click or on sign out. */
export function Menu({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  const { user } = useSession();
  const unread = useActivityUnread(signedIn);
  const links = signedIn ? (canModerate(user?.role) ? [...signedInMenu, moderationLink] : signedInMenu) : signedOutMenu;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="grid h-11 w-11 place-items-center rounded-xl text-ink hover:bg-raised" aria-label="Open menu">
        <MenuIcon aria-hidden size={22} />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-page/95" />
        <Dialog.Content className="fixed inset-0 z-50 overflow-y-auto p-4 pb-safe focus:outline-none" aria-describedby={undefined}>
          <div className="mx-auto max-w-[720px]">
            <div className="flex items-center justify-between">
              <Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
              <Dialog.Close className="grid h-11 w-11 place-items-center rounded-xl hover:bg-raised" aria-label="Close menu">
                <X aria-hidden size={22} />
              </Dialog.Close>
            </div>
            <nav aria-label="Main menu" className="mt-4">
              <ul className="grid gap-1 sm:grid-cols-2">
                {links.map((l) => (
                  <li key={l.to + l.label}>
                    <NavLink
                      to={l.to}
                      onClick={() => setOpen(false)}
                      className={({ isActive }) =>
                        `flex min-h-11 items-center gap-2 rounded-xl px-3 text-base ${isActive ? 'bg-raised font-semibold text-pink-300' : 'hover:bg-raised'}`
                      }
                    >
                      {l.label}
                      {l.to === '/notifications' && <CountBadge count={unread} label={`${unread} unread`} />}
                    </NavLink>
                  </li>
                ))}
                {signedIn && (
                  <li>
                    <button
                      type="button"
                      onClick={() => {
                        void signOut().then((ok) => ok && setOpen(false));
                      }}
                      className="flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left text-base text-red-300 hover:bg-raised"
                    >
                      <LogOut aria-hidden size={18} /> Sign Out
                    </button>
                  </li>
                )}
              </ul>
            </nav>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
