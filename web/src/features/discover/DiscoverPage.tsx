import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Heart, RefreshCw, SlidersHorizontal } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { DISCOVER_DEFAULTS } from '@velvet/core/constants/discover';
import type { DiscoverFilters } from '@velvet/core/schemas/discover.schema';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { useDecide, type Decision } from './api/decide';
import { useStartOver } from './api/start-over';
import { useDiscoverFeed } from './api/get-next';
import { useDiscoverStats } from './api/get-stats';
import { FiltersPanel } from './components/FiltersPanel';
import { ProfileCard } from './components/ProfileCard';
import { StatsRow } from './components/StatsRow';

const d = messages.discover;

/** A mistake in the filters (the server's 400, e.g. a place it does not know), as opposed to a failure to load. */
const filterMistake = (err: unknown) => (err instanceof ApiError && err.status === 400 ? err.message : undefined);

/**
 * /discover (spec §2): one ranked profile at a time. Like and pass are stored by the server and the
 * next card follows; a like both ways is a match, told in a toast. The page sits inside the app
 * layout's error boundary, like every page.
 */
export default function DiscoverPage() {
  const [filters, setFilters] = useState<DiscoverFilters>({ ...DISCOVER_DEFAULTS });
  const [showFilters, setShowFilters] = useState(false);
  const panelId = useId();
  const feed = useDiscoverFeed(filters);
  const stats = useDiscoverStats();
  const decide = useDecide(filters);
  const startOver = useStartOver();
  const card = feed.data?.items[0];
  const mistake = filterMistake(feed.error);

  // after a like or pass, focus follows to the next card's name so keyboard and screen reader users keep their place
  const headingRef = useRef<HTMLHeadingElement>(null);
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current) headingRef.current?.focus();
  }, [card?.id]);

  const refresh = () => {
    void feed.refetch();
    void stats.refetch();
  };

  const onDecide = (decision: Decision) => {
    if (!card) return;
    decided.current = true;
    decide.mutate(
      { id: card.id, decision },
      {
        onSuccess: (result) => {
          if (result.match && result.member)
            toast({ title: d.matchTitle, description: d.matchLine(result.member.displayName), variant: 'success' });
        },
        onError: (err) => {
          const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
          const failed = decision === 'like' ? d.likeFailed : d.passFailed;
          toast({ title: 'Error', description: refused ? err.message : failed, variant: 'destructive' });
        },
      },
    );
  };

  const apply = (next: DiscoverFilters) => {
    decided.current = false;
    setFilters(next);
  };

  const loading = feed.isPending || (feed.isFetching && !card && !feed.isError);
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <h1 className="text-2xl font-bold">{d.title}</h1>
          <p className="text-sm text-muted">{d.subtitle}</p>
        </div>
        <Button variant="secondary" onClick={refresh} loading={feed.isFetching && !loading}>
          {!(feed.isFetching && !loading) && <RefreshCw aria-hidden size={16} />} {d.refresh}
        </Button>
      </div>

      <StatsRow stats={stats.data} />

      <div className="grid gap-3">
        <Button
          variant="ghost"
          className="justify-self-start"
          aria-expanded={showFilters || mistake !== undefined}
          aria-controls={panelId}
          onClick={() => setShowFilters(!(showFilters || mistake !== undefined))}
        >
          <SlidersHorizontal aria-hidden size={16} /> {showFilters || mistake !== undefined ? d.hideFilters : d.showFilters}
        </Button>
        {(showFilters || mistake !== undefined) && <FiltersPanel id={panelId} filters={filters} onApply={apply} error={mistake} />}
      </div>

      {feed.data && !feed.data.distanceApplied && (
        <p className="rounded-2xl border border-line bg-card p-3 text-sm">
          {d.noPosition}{' '}
          <Link to="/edit-profile" className="font-semibold text-pink-300 underline">
            Edit profile
          </Link>
        </p>
      )}

      {loading ? (
        <div role="status" className="grid justify-items-center gap-2 p-8 text-muted">
          <Spinner />
          <p>{d.loading}</p>
        </div>
      ) : mistake !== undefined ? (
        <p role="alert" className="rounded-2xl border border-line bg-card p-4 text-center text-sm">
          {mistake}
        </p>
      ) : feed.isError ? (
        <LoadError error={feed.error} what="profiles" onRetry={() => void feed.refetch()} retrying={feed.isFetching} />
      ) : card ? (
        <ProfileCard
          card={card}
          headingRef={headingRef}
          onDecide={onDecide}
          pending={decide.isPending ? decide.variables.decision : null}
        />
      ) : (
        <EmptyState
          icon={<Heart aria-hidden size={28} />}
          title={d.emptyTitle}
          line={`${d.emptyLine} ${d.startOverHint}`}
          action={
            <Button
              variant="secondary"
              loading={startOver.isPending}
              onClick={() =>
                startOver.mutate(undefined, {
                  onSuccess: () => toast({ title: d.startedOver, variant: 'success' }),
                  onError: () => toast({ title: d.startOverFailed, variant: 'destructive' }),
                })
              }
            >
              {d.startOver}
            </Button>
          }
        />
      )}

      <p className="text-center text-xs text-muted">{d.footnote}</p>
    </div>
  );
}
