import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import type { ProfileViewItem } from '@velvet/core/schemas/profile-view.schema';
import { buttonClass } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { LoadMore } from '../../components/ui/LoadMore';
import { Spinner } from '../../components/ui/Spinner';
import { MemberCard } from '../members/components/MemberCard';
import { useProfileViews } from './api/get-profile-views';
import { dayLabel } from './day-label';

const copy = messages.profileViews;

/** The list, newest first, cut into days ('Today', 'Yesterday', ...), each viewer once at their latest day. */
function byDay(items: ProfileViewItem[]) {
  const days: { day: string; items: ProfileViewItem[] }[] = [];
  for (const item of items) {
    const last = days.at(-1);
    if (last?.day === item.day) last.items.push(item);
    else days.push({ day: item.day, items: [item] });
  }
  return days;
}

/** /looked-at-me (spec §2 Dashboard 'Looked @ Me'): who looked at the member's profile. */
export default function LookedAtMePage() {
  const views = useProfileViews();
  const items = views.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        <p className="text-sm text-muted">{copy.subtitle}</p>
      </div>
      {views.isPending ? (
        <div className="grid justify-items-center p-6">
          <Spinner label={copy.loading} />
        </div>
      ) : views.isError ? (
        <LoadError error={views.error} what={copy.loadWhat} onRetry={() => void views.refetch()} retrying={views.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Eye aria-hidden size={28} />}
          title={copy.noneYet}
          line={copy.noneYetLine}
          action={
            <Link to="/edit-profile" className={buttonClass('secondary')}>
              Edit Profile
            </Link>
          }
        />
      ) : (
        <>
          {byDay(items).map(({ day, items: seen }) => {
            return (
              <section key={day} aria-labelledby={`looked-${day}`} className="grid gap-2">
                <h2 id={`looked-${day}`} className="text-sm font-semibold text-muted">
                  {dayLabel(day)}
                </h2>
                <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-labelledby={`looked-${day}`}>
                  {seen.map((v) => (
                    <MemberCard key={v.member.userId} member={v.member} />
                  ))}
                </ul>
              </section>
            );
          })}
          <LoadMore hasMore={views.hasNextPage} loading={views.isFetchingNextPage} onLoad={() => void views.fetchNextPage()} />
        </>
      )}
    </div>
  );
}
