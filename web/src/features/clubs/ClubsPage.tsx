import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight, MapPin, Plus, Search, Star } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { CLUB_REGIONS, type Club, type ClubRegion } from '@velvet/core/schemas/club.schema';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { TextField } from '../../components/ui/Field';
import { LabelBadge } from '../../components/ui/Badge';
import { LoadError } from '../../components/ui/LoadError';
import { Spinner } from '../../components/ui/Spinner';
import { useClubs } from './api/clubs-api';
import { byRegion, regionButtons } from './club-groups';
import { SuggestClubDialog } from './components/SuggestClubDialog';
import { useDebounced } from './use-debounced';

const copy = messages.clubs;
const isRegion = (value: string | null): value is ClubRegion => (CLUB_REGIONS as readonly (string | null)[]).includes(value);

function ClubRow({ club }: { club: Club }) {
  return (
    <li>
      <Link
        to={`/clubs/${club.id}`}
        className="flex min-h-14 items-center gap-3 rounded-xl px-3 py-2 hover:bg-raised focus-visible:bg-raised focus-visible:outline-2 focus-visible:outline-brand-pink"
      >
        <div className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            <span className="truncate">{club.name}</span>
            {club.isNew && <LabelBadge>{copy.isNew}</LabelBadge>}
          </span>
          <span className="flex flex-wrap items-center gap-x-3 text-sm text-muted">
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden size={14} />
              {club.town}
            </span>
            {club.rating !== null && (
              <span className="inline-flex items-center gap-1">
                <Star aria-hidden size={14} className="fill-current text-amber-400" />
                <span className="sr-only">Rated </span>
                {club.rating.toFixed(1)}
              </span>
            )}
            <span>{club.reviews ? copy.reviewCount(club.reviews) : copy.noRating}</span>
            {club.newReviews > 0 && <LabelBadge tone="success">{copy.newReviews(club.newReviews)}</LabelBadge>}
          </span>
        </div>
        <ChevronRight aria-hidden size={18} className="shrink-0 text-muted" />
      </Link>
    </li>
  );
}

/** /clubs (spec §2 Clubs): region buttons with counts, name/location search, towns, suggestions, clubs by region. */
export default function ClubsPage() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [location, setLocation] = useState(params.get('location') ?? '');
  const regionParam = params.get('region');
  const region = isRegion(regionParam) ? regionParam : null;
  const [suggesting, setSuggesting] = useState(false);

  const filters = { q: useDebounced(q.trim(), 250), location: useDebounced(location.trim(), 250), region };
  const clubs = useClubs(filters);

  const keep = (next: { q?: string; location?: string; region?: ClubRegion | null }) => {
    const merged = { q, location, region, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set('q', merged.q);
    if (merged.location) search.set('location', merged.location);
    if (merged.region) search.set('region', merged.region);
    setParams(search, { replace: true });
  };

  const data = clubs.data;
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        <p className="text-sm text-muted">{copy.subtitle}</p>
      </div>

      <form role="search" aria-label={copy.searchLabel} className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label={copy.searchLabel}
          type="search"
          placeholder={copy.searchPlaceholder}
          value={q}
          maxLength={60}
          onChange={(e) => {
            setQ(e.target.value);
            keep({ q: e.target.value.trim() });
          }}
        />
        <TextField
          label={copy.locationLabel}
          type="search"
          placeholder={copy.locationPlaceholder}
          value={location}
          maxLength={60}
          onChange={(e) => {
            setLocation(e.target.value);
            keep({ location: e.target.value.trim() });
          }}
        />
      </form>

      {data && (
        <div role="group" aria-label="Regions" className="flex flex-wrap gap-2">
          {regionButtons(data.regions).map((b) => {
            const active = b.region === region;
            return (
              <button
                key={b.region ?? 'all'}
                type="button"
                aria-pressed={active}
                onClick={() => keep({ region: b.region })}
                className={`min-h-11 rounded-xl border px-3 text-sm font-medium ${
                  active ? 'bg-brand border-transparent text-white' : 'border-line bg-raised text-ink hover:border-brand-pink'
                }`}
              >
                {b.region ?? copy.allRegions} <span className={active ? 'text-white/80' : 'text-muted'}>({b.count})</span>
              </button>
            );
          })}
        </div>
      )}

      <Card className="p-0">
        <button
          type="button"
          onClick={() => setSuggesting(true)}
          className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-4 text-left font-medium hover:bg-raised focus-visible:outline-2 focus-visible:outline-brand-pink"
        >
          <Plus aria-hidden size={20} className="text-brand-pink" />
          {copy.suggest.row}
        </button>
      </Card>

      {clubs.isPending ? (
        <div className="grid justify-items-center p-6">
          <Spinner label={copy.loading} />
        </div>
      ) : clubs.isError ? (
        <LoadError error={clubs.error} what={copy.loadWhat} onRetry={() => void clubs.refetch()} retrying={clubs.isFetching} />
      ) : data && data.items.length === 0 ? (
        <EmptyState icon={<Search aria-hidden size={28} />} title={copy.noClubs} line={copy.noClubsLine} />
      ) : (
        <div className="grid gap-4" aria-busy={clubs.isFetching}>
          {byRegion(data?.items ?? []).map(({ region: name, clubs: list }) => (
            <section key={name} aria-labelledby={`region-${name}`}>
              <Card className="grid gap-1 p-2">
                <h2 id={`region-${name}`} className="px-3 pt-2 text-sm font-semibold text-muted">
                  {name} <span className="font-normal">({list.length})</span>
                </h2>
                <ul className="grid">
                  {list.map((club) => (
                    <ClubRow key={club.id} club={club} />
                  ))}
                </ul>
              </Card>
            </section>
          ))}
        </div>
      )}

      {data && data.locations.length > 0 && (
        <section aria-labelledby="club-locations" className="grid gap-2">
          <h2 id="club-locations" className="text-sm font-semibold text-muted">
            {copy.locations}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {data.locations.map((town) => (
              <li key={town}>
                <button
                  type="button"
                  onClick={() => {
                    setLocation(town);
                    keep({ location: town });
                  }}
                  className="min-h-11 rounded-xl border border-line bg-raised px-3 text-sm hover:border-brand-pink"
                >
                  {town}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <SuggestClubDialog open={suggesting} onClose={() => setSuggesting(false)} />
    </div>
  );
}
