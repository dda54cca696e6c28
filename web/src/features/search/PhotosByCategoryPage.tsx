import { Link, useSearchParams } from 'react-router';
import { Image } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { MEMBER_TYPES, MEMBER_TYPE_LABELS, type MemberType } from '@velvet/core/schemas/member.schema';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { LoadMore } from '../../components/ui/LoadMore';
import { Spinner } from '../../components/ui/Spinner';
import { TabPanel, Tabs, type TabItem } from '../../components/ui/Tabs';
import { useCategoryPhotos } from './api/get-category-photos';

type Category = MemberType | 'all';
const tabs: TabItem<Category>[] = [
  { value: 'all', label: 'All' },
  ...MEMBER_TYPES.map((value) => ({ value, label: MEMBER_TYPE_LABELS[value] })),
];

/** /search/photos: gallery photos members share, by member type. */
export default function PhotosByCategoryPage() {
  const [params, setParams] = useSearchParams();
  const category: Category = MEMBER_TYPES.find((t) => t === params.get('type')) ?? 'all';
  const photos = useCategoryPhotos(category === 'all' ? null : category);
  const items = photos.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">Photos by Category</h1>
      <Tabs
        label="Category"
        items={tabs}
        value={category}
        onChange={(next) => setParams(next === 'all' ? {} : { type: next }, { replace: true })}
      >
        {/* every category shows the same gallery, so one panel serves whichever tab is selected */}
        <TabPanel value={category}>
          {photos.isPending ? (
            <div className="grid justify-items-center p-6">
              <Spinner label="Loading photos" />
            </div>
          ) : photos.isError ? (
            <LoadError error={photos.error} what="photos" onRetry={() => void photos.refetch()} retrying={photos.isFetching} />
          ) : items.length === 0 ? (
            <EmptyState icon={<Image aria-hidden size={28} />} title={messages.search.noPhotos} line={messages.search.noPhotosLine} />
          ) : (
            <>
              <ul className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-label="Photos">
                {items.map((p) => (
                  <li key={p.id}>
                    <Link
                      to={`/profile/${encodeURIComponent(p.owner.userId)}`}
                      className="grid gap-1 rounded-2xl border border-line bg-card p-2 hover:bg-raised"
                    >
                      <span className="relative block aspect-square overflow-hidden rounded-xl bg-raised">
                        <img
                          src={p.thumbUrl ?? p.url}
                          alt={`Photo by @${p.owner.username}`}
                          loading="lazy"
                          decoding="async"
                          className="absolute inset-0 h-full w-full object-cover"
                        />
                      </span>
                      <span className="truncate px-1 text-sm font-semibold">@{p.owner.username}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <LoadMore hasMore={photos.hasNextPage} loading={photos.isFetchingNextPage} onLoad={() => void photos.fetchNextPage()} />
            </>
          )}
        </TabPanel>
      </Tabs>
    </div>
  );
}
