import type { Ref } from 'react';
import { Link } from 'react-router';
import { Camera, Eye, Heart, MapPin, User, X } from 'lucide-react';
import { optionLabel } from '@velvet/core/constants/options';
import { messages } from '@velvet/core/messages';
import type { DiscoverCard } from '@velvet/core/schemas/discover.schema';
import { Avatar } from '../../../components/ui/Avatar';
import { LabelBadge } from '../../../components/ui/Badge';
import { MemberBadges } from '../../../components/ui/MemberBadges';
import { Button, buttonClass } from '../../../components/ui/Button';
import { lastActiveText } from '../../../lib/last-active';
import type { Decision } from '../api/decide';
import { count } from '../../../lib/en-gb';

interface Props {
  card: DiscoverCard;
  onDecide: (decision: Decision) => void;
  /** the decision being saved, if any: both buttons wait for it */
  pending: Decision | null;
  /** the name heading: the page moves focus here when the next card comes in */
  headingRef?: Ref<HTMLHeadingElement>;
}

const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** One Discover profile card (spec §2, §3): photo, badges, who they are, what you share, pass / view / like. */
export function ProfileCard({ card: c, onDecide, pending, headingRef }: Props) {
  const place = [c.location, c.distance].filter(Boolean).join(' · ');
  return (
    <article aria-labelledby={`discover-${c.id}`} className="rounded-2xl border border-line bg-card">
      <div className="relative grid aspect-[4/5] max-h-[50vh] w-full place-items-center overflow-hidden rounded-t-2xl bg-raised">
        {c.avatarUrl ? (
          <img src={c.avatarUrl} alt="" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
        ) : (
          <Avatar name={c.displayName} size={120} decorative />
        )}
        <div className="absolute left-3 top-3 flex flex-wrap gap-1.5">
          <MemberBadges online={c.online} verified={c.verified} />
        </div>
        <span className="absolute right-3 top-3 inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold text-white">
          <Camera aria-hidden size={12} /> {plural(c.photos, 'photo', 'photos')}
        </span>
      </div>
      <div className="grid gap-2 p-4">
        <div className="grid gap-0.5">
          <h2 id={`discover-${c.id}`} ref={headingRef} tabIndex={-1} className="break-words text-xl font-bold">
            {c.displayName}
          </h2>
          <p className="text-sm text-muted">
            @{c.username}
            {c.age && <> · {messages.discover.yearsOld(c.age)}</>}
          </p>
        </div>
        {place && (
          <p className="flex items-center gap-1 text-sm text-muted">
            <MapPin aria-hidden size={14} className="shrink-0" /> {place}
          </p>
        )}
        {c.lastActive && <p className="text-sm text-muted">{lastActiveText(c.lastActive)}</p>}
        {c.commonInterests.length > 0 && (
          <div className="grid gap-1">
            <p className="text-sm font-medium">{messages.discover.youBothLike}</p>
            <ul className="flex flex-wrap gap-1.5" aria-label={messages.discover.youBothLike}>
              {c.commonInterests.map((i) => (
                <li key={i}>
                  <LabelBadge tone="muted">{optionLabel(i)}</LabelBadge>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p className="flex items-center gap-1 text-sm text-muted">
          <Eye aria-hidden size={14} /> {plural(c.profileViews, 'profile view', 'profile views')}
        </p>
      </div>
      {/* a child of the card itself, held above the bottom navigation while any of the card is on
          screen: on a phone Like and Pass never need a scroll */}
      <div className="sticky bottom-[calc(3.75rem+env(safe-area-inset-bottom))] z-30 grid grid-cols-3 gap-2 rounded-b-2xl border-t border-line bg-card/95 p-4 pt-3 backdrop-blur">
        <Button variant="secondary" onClick={() => onDecide('pass')} loading={pending === 'pass'} disabled={pending !== null}>
          <X aria-hidden size={18} /> {messages.discover.pass}
        </Button>
        <Link to={`/profile/${encodeURIComponent(c.id)}`} className={buttonClass('ghost', 'px-2 text-center leading-tight')}>
          <User aria-hidden size={18} className="shrink-0" /> {messages.discover.viewProfile}
        </Link>
        <Button onClick={() => onDecide('like')} loading={pending === 'like'} disabled={pending !== null}>
          <Heart aria-hidden size={18} /> {messages.discover.like}
        </Button>
      </div>
    </article>
  );
}
