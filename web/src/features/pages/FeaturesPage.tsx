import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  BadgeCheck,
  Building2,
  ChevronRight,
  Compass,
  Eye,
  Flag,
  KeyRound,
  MapPin,
  MessageCircle,
  Search,
  ShieldHalf,
  Smartphone,
  UserPlus,
  Users,
} from 'lucide-react';
import { TAGLINE } from '@velvet/core/constants/site';
import { buttonClass } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { siteName } from '../../lib/site';
import { useSession } from '../../lib/session';
import { comingSoon } from '../../lib/coming-soon';
import { LabelBadge } from '../../components/ui/Badge';
import { PageIntro } from './Prose';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>;

interface Feature {
  title: string;
  to: string;
  icon: Icon;
  line: string;
  points: string[];
}

const features: Feature[] = [
  {
    title: 'Discover',
    to: '/discover',
    icon: Compass,
    line: 'One profile at a time, chosen for shared interests and distance.',
    points: ['Like or pass in a tap', 'A match when you both like each other', 'Filter by age, distance and place'],
  },
  {
    title: 'Members',
    to: '/browse',
    icon: Users,
    line: 'Browse singles, couples and groups across the UK.',
    points: ['Sort by nearest, newest, online or verified', 'Search by username or town', 'Couples and groups have their own profiles'],
  },
  {
    title: 'Who’s Near',
    to: '/whos-near',
    icon: MapPin,
    line: 'See who is close by, only when you choose to.',
    points: ['Turn it on and off whenever you like', 'Distances shown only roughly, in miles', 'Your exact position is never stored'],
  },
  {
    title: 'Messages',
    to: '/messages',
    icon: MessageCircle,
    line: 'Private conversations that arrive the moment they are sent.',
    points: ['Inbox, Sent and Saved', 'Delete your own messages', 'Blocked members cannot reach you'],
  },
  {
    title: 'Search',
    to: '/search',
    icon: Search,
    line: 'Find members by what matters to you.',
    points: ['Filter by who they are, age, interests and distance', 'Save a search and run it again in a tap', 'Browse members’ photos'],
  },
  {
    title: 'Looked @ Me',
    to: '/looked-at-me',
    icon: Eye,
    line: 'See who has looked at your profile.',
    points: ['Newest first, with a count for today', 'In Anonymous Mode you browse unseen: your visits are not recorded'],
  },
  {
    title: 'Friends, winks and your hotlist',
    to: '/friends',
    icon: UserPlus,
    line: 'Keep the people you click with close.',
    points: [
      'Invite members as friends; they accept or decline',
      'A wink a day says hello without a word',
      'A private hotlist of members you like',
    ],
  },
  {
    title: 'Clubs',
    to: '/clubs',
    icon: Building2,
    line: 'Lifestyle clubs across the UK, reviewed by members.',
    points: [
      'Search by name or town, or browse by region',
      'Star ratings and reviews, one per member',
      'Suggest a club that is missing; a moderator checks it',
    ],
  },
  {
    title: 'Verification',
    to: '/verification',
    icon: BadgeCheck,
    line: 'Badges that show members are who their photos say they are.',
    points: [
      'Photo, couple, individual, creator and VIP badges',
      'Checked by a person within 24-48 hours',
      'Verification photos seen only by moderators',
    ],
  },
  {
    title: 'Privacy controls',
    to: '/privacy-settings',
    icon: ShieldHalf,
    line: 'Discretion built in, for a community that values it.',
    points: ['Anonymous Mode keeps you out of discovery', 'Hide your location and last active time', 'Blocking works both ways'],
  },
  {
    title: 'Safety',
    to: '/help#reporting',
    icon: Flag,
    line: 'A person looks at every report.',
    points: [
      'Report a member, a message or a photo',
      'Moderators review reports and can suspend accounts',
      'Photo metadata, including GPS, removed on upload',
    ],
  },
  {
    title: 'Your account and data',
    to: '/my-account',
    icon: KeyRound,
    line: 'Your account stays yours.',
    points: [
      'Two-factor sign-in and a list of your signed-in devices',
      'Download everything we hold about you',
      'Delete your account for good, at any time',
    ],
  },
];

export default function FeaturesPage() {
  const { isAuthenticated } = useSession();
  return (
    <div className="grid gap-6">
      <PageIntro
        title="Features"
        lead={`${siteName} is a discreet community for the UK lifestyle scene: singles, couples and groups. ${TAGLINE}.`}
      />

      <ul className="grid gap-3 sm:grid-cols-2" aria-label="What you can do">
        {features.map(({ title, to, icon: FeatureIcon, line, points }) => (
          <li key={title}>
            <Card className="grid h-full content-start gap-3">
              <div className="flex items-center gap-3">
                <span className="bg-brand grid h-10 w-10 shrink-0 place-items-center rounded-xl text-white">
                  <FeatureIcon aria-hidden size={20} />
                </span>
                <h2 className="text-lg font-semibold">{title}</h2>
                {to in comingSoon && <LabelBadge tone="muted">Coming soon</LabelBadge>}
              </div>
              <p className="text-sm text-muted">{line}</p>
              <ul className="grid gap-1 text-sm">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-pink-400" />
                    {point}
                  </li>
                ))}
              </ul>
              {isAuthenticated && (
                <Link
                  to={to}
                  className="inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-semibold text-pink-300 hover:underline"
                >
                  Open {title}
                  <ChevronRight aria-hidden size={16} />
                </Link>
              )}
            </Card>
          </li>
        ))}
      </ul>

      <Card className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Smartphone aria-hidden size={24} className="shrink-0 text-pink-300" />
        <p className="grow text-sm">
          <span className="font-semibold">On your phone.</span>{' '}
          <span className="text-muted">Add {siteName} to your home screen for a full-screen app, with no app store needed.</span>
        </p>
        <Link to="/install-app" className={buttonClass('secondary')}>
          Install the app
        </Link>
      </Card>

      {isAuthenticated ? (
        <Link to="/dashboard" className={buttonClass('primary', 'w-full sm:w-auto sm:justify-self-center')}>
          Go to your dashboard
        </Link>
      ) : (
        <div className="grid gap-3 sm:flex sm:justify-center">
          <Link to="/signup" className={buttonClass('primary')}>
            Join Now
          </Link>
          <Link to="/pricing" className={buttonClass('secondary')}>
            See pricing
          </Link>
        </div>
      )}
    </div>
  );
}
