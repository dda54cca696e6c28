import type { LucideIcon } from 'lucide-react';
import {
  Mail,
  Send,
  Eye,
  Image,
  Flame,
  FolderHeart,
  Heart,
  UserPlus,
  Users,
  Smile,
  PenLine,
  ListStart,
  MessagesSquare,
  Star,
  CalendarDays,
  Newspaper,
  Search,
  Video,
  Smartphone,
  Monitor,
  LogOut,
} from 'lucide-react';

/**
 * The live counts a tile can show: unread messages, members who looked at the profile today,
 * pending friend invites, winks not seen yet, friends, members on the hotlist and unread updates.
 */
export type TileCount = 'unreadMessages' | 'viewsToday' | 'friendInvites' | 'winksNew' | 'friends' | 'hotlist' | 'updatesUnread';
/** What makes a tile's NEW label show: invites or winks that arrived since the member last opened the page. */
export type TileNew = 'friendInvitesNew' | 'winksNew';

export interface Tile {
  label: string;
  to: string;
  icon: LucideIcon;
  /** a NEW flag is a label, not a number (spec §2), shown while this count is above zero */
  newWhen?: TileNew;
  /** a live count shown on the tile (absent, not zero, when there is none) */
  count?: TileCount;
}

/**
 * The dashboard's tile grid (spec §2 Dashboard home). A badge is a real count or absent; the NEW
 * flags on Friend Invites and Winks are the spec's labels, shown only while something is unseen.
 */
export const dashboardTiles: Tile[] = [
  { label: 'Mail', to: '/messages', icon: Mail, count: 'unreadMessages' },
  { label: 'Sent Mail', to: '/messages?tab=sent', icon: Send },
  { label: 'Looked @ Me', to: '/looked-at-me', icon: Eye, count: 'viewsToday' },
  { label: 'New Photos/Videos', to: '/content/new', icon: Image },
  { label: 'Hot Photos/Videos', to: '/content/hot', icon: Flame },
  { label: 'Your Photos/Videos', to: '/content/mine', icon: FolderHeart },
  { label: "Pics you Fab'd", to: '/content/fabbed', icon: Heart },
  { label: 'Friend Invites', to: '/friends?tab=received', icon: UserPlus, count: 'friendInvites', newWhen: 'friendInvitesNew' },
  { label: 'My Friends', to: '/friends', icon: Users, count: 'friends' },
  { label: 'Winks', to: '/winks', icon: Smile, count: 'winksNew', newWhen: 'winksNew' },
  { label: 'Update status', to: '/edit-profile', icon: PenLine },
  { label: 'Hotlist', to: '/hotlist', icon: ListStart, count: 'hotlist' },
  { label: 'Forum', to: '/forum', icon: MessagesSquare },
  { label: 'Club Reviews', to: '/clubs', icon: Star },
  { label: 'Meets & Events', to: '/calendar', icon: CalendarDays },
  { label: 'Updates', to: '/updates', icon: Newspaper, count: 'updatesUnread' },
  { label: 'Browse & Search Profiles', to: '/browse', icon: Search },
  { label: 'Mobile Cams Chat', to: '/cam', icon: Video },
  { label: 'Add to Home Screen', to: '/install-app', icon: Smartphone },
  { label: 'Use Desktop Website', to: '/', icon: Monitor },
  { label: 'Logout', to: '/logout', icon: LogOut },
];
