/** Every navigation list of the shell (spec §2), kept in one place. */
export interface NavLink {
  to: string;
  label: string;
}

export const signedInMenu: NavLink[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/discover', label: 'Discover' },
  { to: '/browse', label: 'Browse Members' },
  { to: '/whos-near', label: "Who's Near" },
  { to: '/clubs', label: 'Clubs' },
  { to: '/messages', label: 'Messages' },
  { to: '/updates', label: 'Updates' },
  { to: '/search', label: 'Search' },
  { to: '/profile', label: 'My Profile' },
  { to: '/edit-profile', label: 'Edit Profile' },
  { to: '/verification', label: 'Verification' },
  { to: '/privacy-settings', label: 'Privacy Settings' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/friends', label: 'Friends' },
  { to: '/hotlist', label: 'Hot List' },
  { to: '/cam', label: 'Live Cam' },
  { to: '/content', label: 'Content' },
  { to: '/subscription', label: 'Upgrade' },
  { to: '/my-account', label: 'My Account' },
  { to: '/help', label: 'Help Center' },
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
];

/** Shown in the menu to moderators and admins only. */
export const moderationLink: NavLink = { to: '/admin', label: 'Moderation' };

export const signedOutMenu: NavLink[] = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
  { to: '/login', label: 'Sign In' },
  { to: '/signup', label: 'Join Now' },
];

export const topBar: NavLink[] = [
  { to: '/dashboard', label: 'Home' },
  { to: '/updates', label: 'Updates' },
  { to: '/profile', label: 'Account' },
  { to: '/messages', label: 'Messages' },
  { to: '/search', label: 'Search' },
];

export const bottomNav: NavLink[] = [
  { to: '/dashboard', label: 'Home' },
  { to: '/whos-near', label: "Who's Near" },
  { to: '/clubs', label: 'Clubs' },
  { to: '/messages', label: 'Messages' },
  { to: '/profile', label: 'Account' },
];

/** Paths that show the bare sign-in look: no header (spec §2). */
export const bareRoutes = ['/', '/login', '/signup'];
