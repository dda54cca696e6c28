import { Link } from 'react-router';
import { Bookmark, Play, Trash2 } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { memberFiltersSchema } from '@velvet/core/schemas/member.schema';
import type { SavedSearchDto } from '@velvet/core/schemas/search.schema';
import { Button, buttonClass } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast-store';
import { useDeleteSavedSearch, useSavedSearches } from './api/saved-searches';
import { filtersInWords } from './describe-filters';
import { resultsUrl } from './search-tiles';

function SavedSearchRow({ saved }: { saved: SavedSearchDto }) {
  const remove = useDeleteSavedSearch();
  const parsed = memberFiltersSchema.safeParse(saved.filters);
  const deleteIt = () =>
    remove.mutate(saved.id, {
      onSuccess: () => toast({ title: messages.search.deletedTitle, description: saved.name, variant: 'success' }),
      onError: () => toast({ title: 'Error', description: messages.search.deleteFailed, variant: 'destructive' }),
    });
  return (
    <li className="grid gap-2 rounded-2xl border border-line bg-card p-3">
      <div className="grid min-w-0 gap-0.5">
        <h2 className="truncate font-semibold">{saved.name}</h2>
        {parsed.success && <p className="text-xs text-muted">{filtersInWords(parsed.data).join(' · ')}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={resultsUrl(saved.filters)} state={{ title: saved.name }} className={buttonClass('primary')}>
          <Play aria-hidden size={16} /> Run<span className="sr-only"> {saved.name}</span>
        </Link>
        <Button variant="secondary" loading={remove.isPending} onClick={deleteIt}>
          <Trash2 aria-hidden size={16} /> Delete<span className="sr-only"> {saved.name}</span>
        </Button>
      </div>
    </li>
  );
}

/** /search/saved: the member's saved searches: run one, or delete it. */
export default function SavedSearchesPage() {
  const saved = useSavedSearches();
  const items = saved.data?.items ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Saved Searches</h1>
        <Link to="/search/advanced" className={buttonClass('secondary')}>
          Advanced Search
        </Link>
      </div>
      {saved.isPending ? (
        <div className="grid justify-items-center p-6">
          <Spinner label="Loading saved searches" />
        </div>
      ) : saved.isError ? (
        <LoadError error={saved.error} what="your saved searches" onRetry={() => void saved.refetch()} retrying={saved.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState icon={<Bookmark aria-hidden size={28} />} title={messages.search.noSaved} line={messages.search.noSavedLine} />
      ) : (
        <ul className="grid grid-cols-1 gap-2" aria-label="Saved searches">
          {items.map((s) => (
            <SavedSearchRow key={s.id} saved={s} />
          ))}
        </ul>
      )}
    </div>
  );
}
