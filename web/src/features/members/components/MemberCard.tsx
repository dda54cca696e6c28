import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Heart, MapPin } from 'lucide-react';
import { typeBadge } from '@velvet/core/constants/options';
import { messages } from '@velvet/core/messages';
import type { MemberCard as Card } from '@velvet/core/schemas/member.schema';
import { Avatar } from '../../../components/ui/Avatar';
import { BlockMenu } from '../../../components/block/BlockMenu';
import { LabelBadge } from '../../../components/ui/Badge';
import { MemberBadges } from '../../../components/ui/MemberBadges';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { api, ApiError, call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** The Like button: the same like as Discover's (stored by the server; a like both ways is a match). */
function LikeButton({ member: m }: { member: Card }) {
  const like = useMutation({
    mutationFn: () => call(api.POST('/discover/{userId}/like', { params: { path: { userId: m.userId } } })),
    onSuccess: (result) => {
      if (result.match && result.member)
        toast({
          title: messages.discover.matchTitle,
          description: messages.discover.matchLine(result.member.displayName),
          variant: 'success',
        });
      void queryClient.invalidateQueries({ queryKey: ['discover'] });
    },
    onError: (err) => {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      toast({ title: 'Error', description: refused ? err.message : messages.discover.likeFailed, variant: 'destructive' });
    },
  });
  const liked = m.liked === true || like.isSuccess;
  return (
    <Button
      variant={liked ? 'secondary' : 'primary'}
      className="min-h-11 w-full"
      onClick={() => like.mutate()}
      loading={like.isPending}
      disabled={liked}
    >
      {!like.isPending && <Heart aria-hidden size={16} fill={liked ? 'currentColor' : 'none'} />}
      {liked ? messages.discover.liked : messages.discover.like}
      <span className="sr-only"> @{m.username}</span>
    </Button>
  );
}

/**
 * A member card (spec §2 Members page): photo, @username, age, place, type, Online and Verified, Like, and a menu to block them.
 * Lists with their own actions (Friends, Winks, Hotlist) pass them as `children`, in Like's place
 * when `like` is false; `details` adds lines under the place.
 */
export function MemberCard({
  member: m,
  like = true,
  details,
  children,
}: {
  member: Card;
  like?: boolean;
  details?: ReactNode;
  children?: ReactNode;
}) {
  const type = typeBadge(m.gender);
  return (
    <li className="relative grid content-start gap-2 rounded-2xl border border-line bg-card p-2">
      <Link to={`/profile/${encodeURIComponent(m.userId)}`} className="grid gap-2 rounded-xl hover:bg-raised">
        <span className="relative grid aspect-square place-items-center overflow-hidden rounded-xl bg-raised">
          {m.avatarUrl ? (
            <img src={m.avatarUrl} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
          ) : (
            <Avatar name={m.displayName} size={72} decorative />
          )}
          <span className="absolute left-1.5 top-1.5 flex flex-wrap gap-1">
            <MemberBadges online={m.online} verified={m.verified} badges={m.badges} />
          </span>
        </span>
        <span className="grid gap-0.5 px-1 pb-1">
          <span className="truncate text-sm font-semibold">@{m.username}</span>
          <span className="flex flex-wrap items-center gap-1 text-xs text-muted">
            {m.ageText && <span>{m.ageText}</span>}
            {type && <LabelBadge tone="muted">{type}</LabelBadge>}
          </span>
          {(m.location || m.distance) && (
            // on a narrow card the town gives way (an ellipsis), never the distance
            <span className="flex min-w-0 items-center gap-1 text-xs text-muted">
              <MapPin aria-hidden size={12} className="shrink-0" />
              {m.location && (
                <span className="truncate" title={m.location}>
                  {m.location}
                </span>
              )}
              {m.location && m.distance && ' '}
              {m.distance && <span className="shrink-0 whitespace-nowrap">{m.location ? `· ${m.distance}` : m.distance}</span>}
            </span>
          )}
          {details}
        </span>
      </Link>
      {like && <LikeButton member={m} />}
      {children}
      <BlockMenu member={{ userId: m.userId, name: `@${m.username}` }} className="absolute right-2 top-2 rounded-xl bg-page/70" />
    </li>
  );
}
