import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Search, Users } from 'lucide-react';
import { MEMBER_SEARCH_MAX, MEMBER_SORTS, MEMBER_SORT_LABELS, type MemberSort } from '@velvet/core/schemas/member.schema';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { Checkbox, TextField } from '../../components/ui/Field';
import { messages } from '@velvet/core/messages';
import { LabelBadge } from '../../components/ui/Badge';
import { LoadError } from '../../components/ui/LoadError';
import { LoadMore } from '../../components/ui/LoadMore';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { useOnlineCount } from '../../lib/online-count';
import { useMembers, type MembersFilter } from './api/get-members';
import { MemberCard } from './components/MemberCard';
import { count } from '../../lib/en-gb';

const sortOptions = MEMBER_SORTS.map((value) => ({ value, label: MEMBER_SORT_LABELS[value] }));

/** /browse (spec §2 Members page): search by username and place, four sorts, infinite scroll. */
export default function MembersPage() {
  const [params, setParams] = useSearchParams();
  const filter: MembersFilter = {
    sort: MEMBER_SORTS.find((s) => s === params.get('sort')) ?? 'nearest',
    q: params.get('q') ?? '',
    location: params.get('location') ?? '',
    verified: params.get('verified') === '1',
  };
  const [q, setQ] = useState(filter.q);
  const [location, setLocation] = useState(filter.location);
  // the sort and the checkbox show a change at once: the URL they write is applied by the router in
  // a transition, and a controlled input would fall back until that render lands (a click on the
  // checkbox seemed not to take on a busy phone); a URL changed elsewhere (back, a link) wins
  const [shown, setShown] = useState({ sort: filter.sort, verified: filter.verified });
  const [fromUrl, setFromUrl] = useState({ sort: filter.sort, verified: filter.verified });
  if (fromUrl.sort !== filter.sort || fromUrl.verified !== filter.verified) {
    setFromUrl({ sort: filter.sort, verified: filter.verified });
    setShown({ sort: filter.sort, verified: filter.verified });
  }
  const online = useOnlineCount();
  const members = useMembers(filter);
  const items = members.data?.pages.flatMap((p) => p.items) ?? [];

  const apply = (next: MembersFilter) => {
    const search: Record<string, string> = {};
    if (next.sort !== 'nearest') search.sort = next.sort;
    if (next.q.trim()) search.q = next.q.trim();
    if (next.location.trim()) search.location = next.location.trim();
    if (next.verified) search.verified = '1';
    setParams(search, { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ ...filter, ...shown, q, location });
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Members</h1>
        {online !== undefined && <LabelBadge tone="success">{count(online)} online</LabelBadge>}
      </div>
      <form
        role="search"
        aria-label="Search members"
        onSubmit={submit}
        className="grid gap-3 rounded-2xl border border-line bg-card p-3 sm:grid-cols-2"
      >
        <TextField
          label="Username"
          value={q}
          maxLength={MEMBER_SEARCH_MAX}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search by username"
        />
        <TextField
          label="Location"
          value={location}
          maxLength={MEMBER_SEARCH_MAX}
          onChange={(e) => setLocation(e.target.value)}
          placeholder="Town or city"
        />
        <Select
          label="Sort"
          options={sortOptions}
          value={shown.sort}
          onChange={(e) => {
            const sort = e.target.value as MemberSort;
            setShown({ ...shown, sort });
            apply({ ...filter, ...shown, q, location, sort });
          }}
        />
        <Checkbox
          label={messages.verification.verifiedOnly}
          checked={shown.verified}
          onChange={(e) => {
            const verified = e.target.checked;
            setShown({ ...shown, verified });
            apply({ ...filter, ...shown, q, location, verified });
          }}
        />
        <Button type="submit" className="self-end">
          <Search aria-hidden size={16} /> Search Members
        </Button>
      </form>
      {members.isPending ? (
        <div className="grid justify-items-center p-6">
          <Spinner label="Loading members" />
        </div>
      ) : members.isError ? (
        <LoadError error={members.error} what="members" onRetry={() => void members.refetch()} retrying={members.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<Users aria-hidden size={28} />}
          title="No members found"
          line="Try another name or place, or clear the search."
        />
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label="Members">
            {items.map((m) => (
              <MemberCard key={m.userId} member={m} />
            ))}
          </ul>
          <LoadMore hasMore={members.hasNextPage} loading={members.isFetchingNextPage} onLoad={() => void members.fetchNextPage()} />
        </>
      )}
    </div>
  );
}
