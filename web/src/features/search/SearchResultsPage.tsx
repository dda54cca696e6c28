import { Link, useLocation, useSearchParams } from 'react-router';
import { MapPin, Users } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { memberFiltersSchema, memberFiltersToParams } from '@velvet/core/schemas/member.schema';
import { buttonClass } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { LoadMore } from '../../components/ui/LoadMore';
import { Spinner } from '../../components/ui/Spinner';
import { useLocationState } from '../../lib/location-state';
import { MemberCard } from '../members/components/MemberCard';
import { useSearchResults } from './api/get-search-results';
import { filtersInWords, resultsTitle } from './describe-filters';

/** /search/results?…: the member list behind every search tile, Advanced Search and saved searches. */
export default function SearchResultsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const parsed = memberFiltersSchema.safeParse(Object.fromEntries(params));
  const filters = parsed.success ? parsed.data : null;
  const query = filters ? memberFiltersToParams(filters) : {};
  // distance lists need the member's own place; say so instead of an empty list
  const needsPlace = !!filters && (filters.mobile || filters.maxKm !== undefined);
  const place = useLocationState(needsPlace);
  const notPlaced = needsPlace && place.data?.placed === false;
  const results = useSearchResults(query, !!filters && !notPlaced);
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const savedName = (location.state as { title?: string } | null)?.title;
  const title = savedName ?? (filters ? resultsTitle(filters) : 'Search Results');

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{title}</h1>
        {filters && <p className="text-sm text-muted">{filtersInWords(filters).join(' · ')}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/search" className={buttonClass('secondary')}>
          Back to Search
        </Link>
        <Link to={`/search/advanced?${new URLSearchParams(query).toString()}`} className={buttonClass('ghost')}>
          Change filters
        </Link>
      </div>
      {!filters ? (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/15 px-3 py-2 text-sm text-red-200">
          {parsed.error?.issues[0]?.message ?? messages.errors.badRequest}
        </p>
      ) : notPlaced ? (
        <EmptyState
          icon={<MapPin aria-hidden size={28} />}
          title={messages.search.notPlaced}
          line={messages.search.notPlacedLine}
          action={
            <Link to="/whos-near" className={buttonClass('secondary')}>
              Go to Who&apos;s Near
            </Link>
          }
        />
      ) : results.isPending || (needsPlace && place.isPending) ? (
        <div className="grid justify-items-center p-6">
          <Spinner label="Loading members" />
        </div>
      ) : results.isError ? (
        <LoadError error={results.error} what="members" onRetry={() => void results.refetch()} retrying={results.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState icon={<Users aria-hidden size={28} />} title={messages.search.noResults} line={messages.search.noResultsLine} />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label="Members">
            {items.map((m) => (
              <MemberCard key={m.userId} member={m} />
            ))}
          </ul>
          <LoadMore hasMore={results.hasNextPage} loading={results.isFetchingNextPage} onLoad={() => void results.fetchNextPage()} />
        </>
      )}
    </div>
  );
}
