import type { ReactNode } from 'react';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import type { ConnectionItem, ConnectionsPage } from '@velvet/core/schemas/connection.schema';
import { EmptyState } from '../../../components/ui/EmptyState';
import { LoadError } from '../../../components/ui/LoadError';
import { LoadMore } from '../../../components/ui/LoadMore';
import { Spinner } from '../../../components/ui/Spinner';
import { MemberCard } from '../../members/components/MemberCard';

interface Props {
  query: UseInfiniteQueryResult<InfiniteData<ConnectionsPage>>;
  /** for the loading line and the error ('Could not load …') */
  what: string;
  empty: { icon: ReactNode; title: string; line: string };
  /** lines under a member's place */
  details?: (item: ConnectionItem) => ReactNode;
  /** the buttons under a member's card */
  actions: (item: ConnectionItem) => ReactNode;
}

/** One list of members (friends, invites, winks, hotlist): loading, error, empty, cards and the next page. */
export function ConnectionList({ query, what, empty, details, actions }: Props) {
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending)
    return (
      <div className="grid justify-items-center p-6">
        <Spinner label={`Loading ${what}...`} />
      </div>
    );
  if (query.isError) return <LoadError error={query.error} what={what} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (items.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3">
        {items.map((item) => (
          <MemberCard key={`${item.member.userId}-${item.at}`} member={item.member} like={false} details={details?.(item)}>
            <div className="grid gap-1">{actions(item)}</div>
          </MemberCard>
        ))}
      </ul>
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
    </>
  );
}
