import type { ReactNode } from 'react';
import { CoverPhoto } from './CoverPhoto';
import { Avatar } from '../../../components/ui/Avatar';

interface Props {
  displayName: string;
  username: string;
  avatarUrl: string | null;
  coverPhotoUrl: string | null;
  /** badges and facts under the name */
  children?: ReactNode;
}

/** Cover, avatar overlapping its lower edge, display name and @username. */
export function ProfileHeader({ displayName, username, avatarUrl, coverPhotoUrl, children }: Props) {
  return (
    <section aria-labelledby="profile-name">
      <CoverPhoto url={coverPhotoUrl} />
      <div className="-mt-10 flex items-start gap-3 px-3">
        <Avatar src={avatarUrl} name={displayName} size={88} decorative className="ring-4 ring-page" />
        <div className="min-w-0 pt-11">
          <h1 id="profile-name" className="truncate text-2xl font-bold leading-tight">
            {displayName}
          </h1>
          <p className="truncate text-sm text-muted">@{username}</p>
        </div>
      </div>
      {children && <div className="mt-3 grid gap-2 px-1">{children}</div>}
    </section>
  );
}
