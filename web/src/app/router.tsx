import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { AppLayout } from './layout/AppLayout';
import { lazyPage, type LazyPage } from './lazy-page';
import { ProtectedRoute } from './ProtectedRoute';
import { comingSoon } from '../lib/coming-soon';
import LoginPage from '../features/auth/LoginPage';

/** Loads a page on demand (route-level code splitting; the sign-in page, imported above, is part of the entry). */
const page = (load: () => Promise<{ default: ComponentType }>, guard?: 'member' | 'verified'): Pick<RouteObject, 'element' | 'handle'> => {
  const { Page, preload } = lazyPage(load);
  const handle: Pick<LazyPage, 'preload'> = { preload };
  if (!guard) return { element: <Page />, handle };
  return {
    element: (
      <ProtectedRoute requireVerified={guard === 'verified'}>
        <Page />
      </ProtectedRoute>
    ),
    handle,
  };
};

const comingSoonPage = () => import('../features/coming-soon/ComingSoonPage');

/**
 * Pages only verified members may open (spec §2: requireVerified; the spec names none): Live Cam,
 * where members show themselves live to others. Everyone else is sent to /verification.
 */
const VERIFIED_ONLY = new Set(['/cam']);

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LoginPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', ...page(() => import('../features/auth/SignupPage')) },
      { path: '/forgot-password', ...page(() => import('../features/auth/ForgotPasswordPage')) },
      { path: '/reset-password', ...page(() => import('../features/auth/ResetPasswordPage')) },
      { path: '/logout', ...page(() => import('../features/auth/LogoutPage')) },

      { path: '/help', ...page(() => import('../features/pages/HelpPage')) },
      { path: '/contact', ...page(() => import('../features/pages/ContactPage')) },
      { path: '/terms', ...page(() => import('../features/pages/TermsPage')) },
      { path: '/privacy', ...page(() => import('../features/pages/PrivacyPage')) },
      { path: '/features', ...page(() => import('../features/pages/FeaturesPage')) },
      { path: '/pricing', ...page(() => import('../features/pages/PricingPage')) },
      { path: '/install-app', ...page(() => import('../features/pages/InstallAppPage')) },

      { path: '/dashboard', ...page(() => import('../features/dashboard/DashboardPage'), 'member') },
      { path: '/setup-profile', ...page(() => import('../features/profiles/SetupProfilePage'), 'member') },
      { path: '/edit-profile', ...page(() => import('../features/profiles/EditProfilePage'), 'member') },
      { path: '/profile', ...page(() => import('../features/profiles/MyProfilePage'), 'member') },
      { path: '/profile/:userId', ...page(() => import('../features/profiles/ProfilePage'), 'member') },
      { path: '/whos-near', ...page(() => import('../features/whos-near/WhosNearPage'), 'member') },
      { path: '/browse', ...page(() => import('../features/members/MembersPage'), 'member') },
      { path: '/discover', ...page(() => import('../features/discover/DiscoverPage'), 'member') },
      { path: '/search', ...page(() => import('../features/search/SearchPage'), 'member') },
      { path: '/search/results', ...page(() => import('../features/search/SearchResultsPage'), 'member') },
      { path: '/search/advanced', ...page(() => import('../features/search/AdvancedSearchPage'), 'member') },
      { path: '/search/saved', ...page(() => import('../features/search/SavedSearchesPage'), 'member') },
      { path: '/search/basic', ...page(() => import('../features/search/BasicSearchPage'), 'member') },
      { path: '/search/name', ...page(() => import('../features/search/NameSearchPage'), 'member') },
      { path: '/search/photos', ...page(() => import('../features/search/PhotosByCategoryPage'), 'member') },
      { path: '/search/sexual-health', ...page(() => import('../features/search/SexualHealthPage'), 'member') },
      { path: '/looked-at-me', ...page(() => import('../features/profile-views/LookedAtMePage'), 'member') },
      { path: '/messages', ...page(() => import('../features/messages/MessagesPage'), 'member') },
      { path: '/messages/:userId', ...page(() => import('../features/messages/ChatPage'), 'member') },
      { path: '/privacy-settings', ...page(() => import('../features/privacy/PrivacySettingsPage'), 'member') },
      { path: '/friends', ...page(() => import('../features/connections/FriendsPage'), 'member') },
      { path: '/winks', ...page(() => import('../features/connections/WinksPage'), 'member') },
      { path: '/hotlist', ...page(() => import('../features/connections/HotlistPage'), 'member') },
      { path: '/updates', ...page(() => import('../features/activity/UpdatesPage'), 'member') },
      { path: '/notifications', ...page(() => import('../features/activity/NotificationsPage'), 'member') },
      { path: '/my-account', ...page(() => import('../features/account/MyAccountPage'), 'member') },
      { path: '/admin', ...page(() => import('../features/moderation/AdminPage'), 'member') },
      { path: '/verification', ...page(() => import('../features/verification/VerificationPage'), 'member') },
      { path: '/clubs', ...page(() => import('../features/clubs/ClubsPage'), 'member') },
      { path: '/clubs/:id', ...page(() => import('../features/clubs/ClubPage'), 'member') },
      { path: '/content', ...page(() => import('../features/content/UploadContentPage'), 'member') },
      { path: '/content/:list', ...page(() => import('../features/content/ContentListPage'), 'member') },

      // Planned features: an honest page inside the layout, never a 404.
      ...Object.keys(comingSoon).map((path) => ({ path, ...page(comingSoonPage, VERIFIED_ONLY.has(path) ? 'verified' : 'member') })),

      { path: '*', ...page(() => import('../features/pages/NotFoundPage')) },
    ],
  },
];

/** Loads the code of the page at `pathname`, if it is one loaded on demand. */
export function preloadPage(pathname: string): Promise<void> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as Pick<LazyPage, 'preload'> | undefined;
  return handle?.preload() ?? Promise.resolve();
}

/** The page for the browser's address, in the layout. */
export function AppRoutes() {
  return useRoutes(routes);
}
