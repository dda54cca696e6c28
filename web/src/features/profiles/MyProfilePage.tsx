import { Link } from 'react-router';
import { ArrowLeft, Eye, ImagePlus, PenLine, Settings, ShieldCheck, UserPlus } from 'lucide-react';
import { ageText, type OwnProfile } from '@velvet/core/schemas/profile.schema';
import { optionLabel } from '@velvet/core/constants/options';
import { Card } from '../../components/ui/Card';
import { LabelBadge } from '../../components/ui/Badge';
import { EmptyState } from '../../components/ui/EmptyState';
import { buttonClass } from '../../components/ui/Button';
import { useOwnProfile } from './api/get-own-profile';
import { useGallery } from './api/gallery';
import { useConnectionsSummary } from '../../lib/connections';
import { GalleryManager } from './gallery/GalleryManager';
import { ProfileHeader } from './view/ProfileHeader';
import { ProfileSkeleton } from './view/Skeleton';
import { LoadError } from '../../components/ui/LoadError';
import { OwnStats } from './view/OwnStats';
import { LikedYou } from './view/LikedYou';
import { InfoList } from './view/InfoList';
import { lookingForLabel, memberSince, verificationLabel } from './view/profile-format';
import { useOwnContentCounts } from '../content/api/content-api';

const backLink = 'inline-flex min-h-11 items-center gap-1 rounded-xl pr-3 text-sm text-muted hover:text-ink';

/** /profile: the member's own profile (spec §2 My profile). */
export default function MyProfilePage() {
  const own = useOwnProfile();
  return (
    <div className="grid gap-4">
      <Link to="/dashboard" className={`${backLink} justify-self-start`}>
        <ArrowLeft aria-hidden size={18} /> Dashboard
      </Link>
      {own.isPending ? (
        <ProfileSkeleton label="Loading your profile" />
      ) : own.isError ? (
        <>
          <h1 className="text-2xl font-bold">My Profile</h1>
          <LoadError error={own.error} what="your profile" onRetry={() => void own.refetch()} retrying={own.isFetching} />
        </>
      ) : own.data === null ? (
        <EmptyState
          headingLevel={1}
          icon={<UserPlus aria-hidden size={32} />}
          title="Set up your profile"
          line="You do not have a profile yet. It takes four short steps."
          action={
            <Link to="/setup-profile" className={buttonClass('primary')}>
              Set up your profile
            </Link>
          }
        />
      ) : (
        <OwnProfileBody profile={own.data} />
      )}
    </div>
  );
}

const verificationTones = {
  success: 'bg-success/20 text-success',
  brand: 'bg-brand text-white',
  danger: 'bg-danger/20 text-red-300',
  muted: 'bg-raised text-muted',
} as const;

const onOff = (on: boolean) => (on ? <LabelBadge tone="success">On</LabelBadge> : <LabelBadge tone="muted">Off</LabelBadge>);

function OwnProfileBody({ profile: p }: { profile: OwnProfile }) {
  const gallery = useGallery(p.userId);
  const summary = useConnectionsSummary();
  const counts = useOwnContentCounts();
  const plural = p.kind !== 'individual';
  const location = [p.locationCity, p.locationCountry].filter(Boolean).join(', ');
  const verification = verificationLabel(p.verificationStatus);

  return (
    <>
      <ProfileHeader displayName={p.displayName} username={p.username} avatarUrl={p.avatarUrl} coverPhotoUrl={p.coverPhotoUrl} />

      {!p.setupCompleted && (
        <Card className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">Your profile is not finished yet.</p>
          <Link to="/setup-profile" className={buttonClass('primary')}>
            Finish setting up
          </Link>
        </Card>
      )}

      <OwnStats
        stats={[
          { label: 'Profile views', value: summary?.profileViews ?? null },
          { label: 'Friends', value: summary?.friends ?? null },
          { label: 'Matches', value: summary?.matches ?? null },
          { label: 'Photos', value: gallery.data && counts.data ? gallery.data.length + counts.data.images : null },
          { label: 'Videos', value: counts.data?.videos ?? null },
        ]}
      />

      <div className="flex flex-wrap gap-2">
        <Link to="/edit-profile" className={buttonClass('secondary', 'flex-1')}>
          <PenLine aria-hidden size={16} /> Edit Profile
        </Link>
        <LikedYou count={summary?.likedYou} />
      </div>

      <Card>
        <h2 className="mb-3 text-lg font-semibold">Personal Information</h2>
        <InfoList
          rows={[
            { label: 'Type', value: p.gender ? optionLabel(p.gender) : null },
            { label: plural ? 'Ages' : 'Age', value: ageText(p.kind, p.age, p.partnerAge) },
            { label: 'Location', value: location || null },
            { label: 'Status', value: p.relationshipStatus ? optionLabel(p.relationshipStatus) : null },
            { label: 'Looking for', value: p.lookingFor.length > 0 ? p.lookingFor.map(lookingForLabel).join(', ') : null },
            { label: 'Member since', value: memberSince(p.createdAt) },
          ]}
        />
        <div className="mt-3 border-t border-line pt-3">
          <h3 className="mb-1 text-sm text-muted">{plural ? 'About Us' : 'Bio'}</h3>
          {p.bio ? (
            <p className="whitespace-pre-line break-words text-sm leading-relaxed">{p.bio}</p>
          ) : (
            <p className="text-sm text-muted">Not set</p>
          )}
        </div>
        <Link to={`/profile/${p.userId}`} className={`${buttonClass('ghost', 'mt-3 -ml-2')}`}>
          <Eye aria-hidden size={16} /> See your profile as others do
        </Link>
      </Card>

      <Card className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Content &amp; Media</h2>
          <Link to="/content" className={buttonClass('secondary')}>
            <ImagePlus aria-hidden size={16} /> Add Content
          </Link>
        </div>
        <GalleryManager userId={p.userId} />
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold">Privacy &amp; Visibility</h2>
        <InfoList
          rows={[
            { label: 'Anonymous mode', value: onOff(p.anonymousMode) },
            { label: 'Hide location', value: onOff(p.hideLocation) },
            { label: 'Hide last active', value: onOff(p.hideLastActive) },
          ]}
        />
        <Link to="/privacy-settings" className={buttonClass('secondary', 'mt-4 w-full')}>
          <Settings aria-hidden size={16} /> Privacy Settings
        </Link>
      </Card>

      <Card>
        <h2 className="mb-3 text-lg font-semibold">Verification Status</h2>
        <p className="flex items-center gap-2 text-sm">
          <ShieldCheck aria-hidden size={18} className="text-muted" />
          <span className="sr-only">Status: </span>
          <span
            className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${verificationTones[verification.tone]}`}
          >
            {verification.label}
          </span>
        </p>
        {verification.label !== 'Verified' && (
          <Link to="/verification" className={buttonClass('secondary', 'mt-4 w-full')}>
            Complete Verification
          </Link>
        )}
      </Card>
    </>
  );
}
