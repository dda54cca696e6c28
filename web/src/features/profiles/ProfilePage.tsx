import { Link, useParams } from 'react-router';
import { BadgeCheck, Clock, MapPin, PenLine, UserX } from 'lucide-react';
import type { ProfileView } from '@velvet/core/schemas/profile.schema';
import { optionLabel } from '@velvet/core/constants/options';
import { messages } from '@velvet/core/messages';
import { Card } from '../../components/ui/Card';
import { VerificationBadge } from '../../components/ui/MemberBadges';
import { LabelBadge } from '../../components/ui/Badge';
import { EmptyState } from '../../components/ui/EmptyState';
import { buttonClass } from '../../components/ui/Button';
import { ApiError } from '../../lib/api-client';
import { useProfile } from './api/get-profile';
import { ProfileHeader } from './view/ProfileHeader';
import { ProfileSkeleton } from './view/Skeleton';
import { LoadError } from '../../components/ui/LoadError';
import { InterestList } from './view/InterestList';
import { ProfileGallery } from './view/ProfileGallery';
import { ActionBar } from './view/ActionBar';
import { typeBadge } from '@velvet/core/constants/options';
import { lookingForLabel } from './view/profile-format';
import { isActiveNow, lastActiveText } from '../../lib/last-active';

/** /profile/:userId: another member's profile (or the member's own, as others see it). */
export default function ProfilePage() {
  const { userId = '' } = useParams();
  const profile = useProfile(userId);

  if (profile.isPending) return <ProfileSkeleton label="Loading profile" />;
  if (profile.isError) {
    // 404: no such member (or not one to see); 400: a malformed id in the address, no member either
    if (profile.error instanceof ApiError && (profile.error.status === 404 || profile.error.status === 400)) {
      return (
        <EmptyState
          headingLevel={1}
          icon={<UserX aria-hidden size={32} />}
          title={messages.profile.notFound}
          line={messages.profile.notFoundLine}
          action={
            <Link to="/dashboard" className={buttonClass('secondary')}>
              Go Home
            </Link>
          }
        />
      );
    }
    return (
      <div className="grid gap-4">
        <h1 className="text-2xl font-bold">Profile</h1>
        <LoadError error={profile.error} what="this profile" onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
      </div>
    );
  }
  return <ProfileBody profile={profile.data} />;
}

function ProfileBody({ profile: p }: { profile: ProfileView }) {
  const type = typeBadge(p.gender);
  const plural = p.kind !== 'individual';
  return (
    <div className="grid gap-4">
      <ProfileHeader displayName={p.displayName} username={p.username} avatarUrl={p.avatarUrl} coverPhotoUrl={p.coverPhotoUrl}>
        <div className="flex flex-wrap items-center gap-2">
          {p.ageText && (
            <p className="text-lg font-semibold">
              <span className="sr-only">{plural ? 'Ages ' : 'Age '}</span>
              <span>{p.ageText}</span>
            </p>
          )}
          {type && <LabelBadge tone="muted">{type}</LabelBadge>}
          {p.verified && (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-purple px-2 py-0.5 text-xs font-semibold text-white">
              <BadgeCheck aria-hidden size={14} /> Verified
            </span>
          )}
          {p.badges.map((b) => (
            <VerificationBadge key={b} type={b} />
          ))}
        </div>
        {(p.location || p.lastActiveAt) && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            {p.location && (
              <li className="inline-flex items-center gap-1">
                <MapPin aria-hidden size={16} />
                <span>
                  <span className="sr-only">Location: </span>
                  {p.location}
                </span>
              </li>
            )}
            {p.lastActiveAt && (
              <li className="inline-flex items-center gap-1.5">
                {isActiveNow(p.lastActiveAt) ? (
                  <span aria-hidden className="h-2.5 w-2.5 rounded-full bg-online" />
                ) : (
                  <Clock aria-hidden size={16} />
                )}
                {lastActiveText(p.lastActiveAt)}
              </li>
            )}
          </ul>
        )}
      </ProfileHeader>

      {p.isOwn ? (
        <Card className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">This is how other members see your profile.</p>
          <Link to="/edit-profile" className={buttonClass('primary')}>
            <PenLine aria-hidden size={16} /> Edit Profile
          </Link>
        </Card>
      ) : (
        <ActionBar name={p.displayName} userId={p.userId} />
      )}

      {p.bio && (
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{plural ? 'About Us' : 'About Me'}</h2>
          <p className="whitespace-pre-line break-words text-sm leading-relaxed">{p.bio}</p>
        </Card>
      )}

      {(p.lookingFor.length > 0 || p.relationshipStatus) && (
        <Card className="grid gap-3">
          {p.relationshipStatus && (
            <div>
              <h2 className="mb-1 text-sm font-semibold text-muted">Relationship status</h2>
              <p className="text-sm">{optionLabel(p.relationshipStatus)}</p>
            </div>
          )}
          {p.lookingFor.length > 0 && (
            <div>
              <h2 className="mb-2 text-sm font-semibold text-muted">Looking for</h2>
              <ul className="flex flex-wrap gap-2">
                {p.lookingFor.map((v) => (
                  <li key={v} className="inline-flex min-h-8 items-center rounded-full border border-line bg-raised px-3 text-sm">
                    {lookingForLabel(v)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      )}

      {p.interests.length > 0 && (
        <Card>
          <h2 className="mb-3 text-lg font-semibold">Interests</h2>
          <InterestList interests={p.interests} shared={p.sharedInterests} />
        </Card>
      )}

      <Card>
        <h2 className="mb-3 text-lg font-semibold">Photos</h2>
        <ProfileGallery userId={p.userId} ownerName={p.displayName} />
      </Card>
    </div>
  );
}
