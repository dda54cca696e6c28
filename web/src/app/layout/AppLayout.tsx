import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { bareRoutes } from '../nav';
import { useSession } from '../../lib/session';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { OfflineBanner } from './OfflineBanner';

// The chrome (header, menu dialog, bottom bar) loads on demand: the bare sign-in screen never needs it.
const Header = lazy(() => import('./Header').then((m) => ({ default: m.Header })));
const BottomNav = lazy(() => import('./BottomNav').then((m) => ({ default: m.BottomNav })));
const WhosNearStrip = lazy(() => import('./WhosNearStrip').then((m) => ({ default: m.WhosNearStrip })));
// the live connection (messages, presence) exists only for a signed-in member
const RealtimeBridge = lazy(() => import('../../features/messages/RealtimeBridge').then((m) => ({ default: m.RealtimeBridge })));

/** The shell around every page: header, content column, bottom navigation. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { isAuthenticated, user } = useSession();
  const bare = bareRoutes.includes(pathname);
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-xl focus:bg-card focus:p-3"
      >
        Skip to content
      </a>
      {/* the chrome's room kept while its chunk loads, at its measured height (signed in: the header
          97 px and the Who's Near strip 53 px; signed out: the header, its logo and buttons on two
          lines below 640 px), so the page does not jump down under a member's finger when it lands */}
      <Suspense
        fallback={
          bare ? null : <div className={`border-b border-line ${isAuthenticated ? 'h-[150px]' : 'h-[88px] sm:h-[68px]'}`} aria-hidden />
        }
      >
        {!bare && <Header signedIn={isAuthenticated} />}
        {!bare && isAuthenticated && <WhosNearStrip />}
      </Suspense>
      <OfflineBanner />
      <main id="main" className={`mx-auto w-full max-w-[720px] px-4 py-4 ${isAuthenticated && !bare ? 'pb-24' : ''}`}>
        {/* one boundary for every page: a page whose code is still on its way keeps the page before
            it on screen (a navigation is a transition), where a boundary of its own would go blank */}
        <Suspense fallback={null}>
          <ErrorBoundary key={pathname}>
            <Outlet />
          </ErrorBoundary>
        </Suspense>
      </main>
      <Suspense fallback={null}>
        {!bare && isAuthenticated && <BottomNav />}
        {user && <RealtimeBridge userId={user.id} />}
      </Suspense>
    </div>
  );
}
