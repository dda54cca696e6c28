import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheck,
  Bookmark,
  Camera,
  Crown,
  Heart,
  Image,
  ListFilter,
  Radio,
  Search,
  Smartphone,
  Sparkles,
  Ticket,
  User,
  UserRound,
  Users,
  Video,
} from 'lucide-react';
import { MEMBER_TYPES, MEMBER_TYPE_LABELS, NEW_MEMBER_DAYS, type MemberType } from '@velvet/core/schemas/member.schema';
import { CREATOR_TYPES } from '@velvet/core/constants/options';

export interface SearchTile {
  label: string;
  to: string;
  icon: LucideIcon;
  isNew?: boolean;
  /** the tile shows how many saved searches the member keeps */
  savedCount?: boolean;
}

export const CREATOR_LABELS: Record<(typeof CREATOR_TYPES)[number], string> = {
  premium: 'Premium',
  video: 'Video',
  photo: 'Photo',
  ppv: 'Pay Per View',
  live: 'Live',
  verified: 'Verified',
};
const CREATOR_ICONS: Record<(typeof CREATOR_TYPES)[number], LucideIcon> = {
  premium: Crown,
  video: Video,
  photo: Camera,
  ppv: Ticket,
  live: Radio,
  verified: BadgeCheck,
};
const TYPE_ICONS: Record<MemberType, LucideIcon> = { couples: Users, women: UserRound, men: User, tvtscd: Sparkles };

export const resultsUrl = (params: Record<string, string>) => `/search/results?${new URLSearchParams(params).toString()}`;

/** The Content Creator Search block: one tile per creator type. */
export const creatorTiles: SearchTile[] = CREATOR_TYPES.map((type) => ({
  label: `${CREATOR_LABELS[type]} Creators`,
  to: resultsUrl({ creator: type }),
  icon: CREATOR_ICONS[type],
}));

/** The search tiles (spec §2 Search), each leading to a real list. */
export const searchTiles: SearchTile[] = [
  { label: 'Advanced Search', to: '/search/advanced', icon: ListFilter },
  { label: 'Saved Searches', to: '/search/saved', icon: Bookmark, savedCount: true },
  { label: 'Old Basic Search', to: '/search/basic', icon: Search },
  { label: "Who's Mobile Nearby", to: resultsUrl({ mobile: '1' }), icon: Smartphone },
  ...MEMBER_TYPES.map((type) => ({
    label: `${MEMBER_TYPE_LABELS[type]} Online`,
    to: resultsUrl({ sort: 'online', type, online: '1' }),
    icon: TYPE_ICONS[type],
  })),
  ...MEMBER_TYPES.map((type) => ({
    label: `New ${MEMBER_TYPE_LABELS[type]}`,
    to: resultsUrl({ sort: 'newest', type, joinedDays: String(NEW_MEMBER_DAYS) }),
    icon: Heart,
    isNew: true,
  })),
  { label: 'Name Search', to: '/search/name', icon: UserRound },
  { label: 'Photos by Category', to: '/search/photos', icon: Image, isNew: true },
];
