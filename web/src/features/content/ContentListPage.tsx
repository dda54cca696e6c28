import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Image, Plus } from 'lucide-react';
import { messages } from '@velvet/core/messages';
import { CONTENT_CATEGORIES, CONTENT_MEDIA_TYPES, type ContentCategory, type ContentItem } from '@velvet/core/schemas/content.schema';
import { buttonClass } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError } from '../../components/ui/LoadError';
import { LoadMore } from '../../components/ui/LoadMore';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { TabPanel, Tabs, type TabItem } from '../../components/ui/Tabs';
import { toast } from '../../components/ui/toast-store';
import { ReportDialog } from '../moderation/ReportDialog';
import { useContentList, useDeleteContent } from './api/content-api';
import type { ContentList } from './api/keys';
import { ContentCard } from './components/ContentCard';
import { EditContentDialog } from './components/EditContentDialog';
import { listItems } from './list-items';

const m = messages.content;

const LISTS: Record<ContentList, { title: string; empty: string; line: string }> = {
  new: { title: m.newTitle, empty: m.emptyNew, line: m.emptyNewLine },
  hot: { title: m.hotTitle, empty: m.emptyHot, line: m.emptyHotLine },
  mine: { title: m.mineTitle, empty: m.emptyMine, line: m.emptyMineLine },
  fabbed: { title: m.fabbedTitle, empty: m.emptyFabbed, line: m.emptyFabbedLine },
  category: { title: m.categoryTitle, empty: m.emptyCategory, line: m.emptyCategoryLine },
};
const tabs: TabItem<ContentList>[] = [
  { value: 'new', label: 'New' },
  { value: 'hot', label: 'Hot' },
  { value: 'mine', label: 'Yours' },
  { value: 'fabbed', label: "Fab'd" },
  { value: 'category', label: 'By category' },
];
const isList = (v: string | undefined): v is ContentList => !!v && v in LISTS;

/**
 * /content/:list: the pages behind the dashboard's media tiles: New (newest first), Hot (most Fabs in
 * the last 7 days), Your Photos/Videos (edit, delete), Pics you Fab'd, and by Category (the owner's
 * profile kind: individuals, couples, groups).
 */
export default function ContentListPage() {
  const params = useParams();
  const list: ContentList = isList(params.list) ? params.list : 'new';
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const type = CONTENT_MEDIA_TYPES.find((t) => t === search.get('type')) ?? null;
  const category: ContentCategory = CONTENT_CATEGORIES.find((c) => c === search.get('category')) ?? 'individual';
  const query = useContentList(list, type, list === 'category' ? category : null);
  const remove = useDeleteContent();
  const [editing, setEditing] = useState<ContentItem | null>(null);
  const [deleting, setDeleting] = useState<ContentItem | null>(null);
  const [reporting, setReporting] = useState<ContentItem | null>(null);
  const items = listItems(query.data?.pages);
  const copy = LISTS[list];

  const setParam = (key: string, value: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold">{copy.title}</h1>
        <Link to="/content" className={buttonClass('primary', 'shrink-0')}>
          <Plus aria-hidden size={18} /> {m.addContent}
        </Link>
      </div>
      <Tabs label="Photos and videos" items={tabs} value={list} onChange={(next) => void navigate(`/content/${next}`)}>
        <TabPanel value={list}>
          <div className="grid gap-4">
            <div className="grid grid-cols-2 gap-2">
              <Select
                label="Show"
                value={type ?? ''}
                options={[
                  { value: '', label: 'Photos and videos' },
                  { value: 'image', label: 'Photos' },
                  { value: 'video', label: 'Videos' },
                ]}
                onChange={(e) => setParam('type', e.target.value || null)}
              />
              {list === 'category' && (
                <Select
                  label="Category"
                  value={category}
                  options={CONTENT_CATEGORIES.map((c) => ({ value: c, label: m.categories[c] }))}
                  onChange={(e) => setParam('category', e.target.value)}
                />
              )}
            </div>
            {query.isPending ? (
              <div className="grid justify-items-center p-6">
                <Spinner label="Loading photos and videos" />
              </div>
            ) : query.isError ? (
              <LoadError error={query.error} what="photos and videos" onRetry={() => void query.refetch()} retrying={query.isFetching} />
            ) : items.length === 0 ? (
              <EmptyState
                icon={<Image aria-hidden size={28} />}
                title={copy.empty}
                line={copy.line}
                action={
                  list === 'mine' ? (
                    <Link to="/content" className={buttonClass('primary')}>
                      {m.addContent}
                    </Link>
                  ) : undefined
                }
              />
            ) : (
              <>
                <ul className="grid grid-cols-2 gap-2 md:grid-cols-3" aria-label={copy.title}>
                  {items.map((item) => (
                    <li key={item.id} className="grid">
                      <ContentCard item={item} onEdit={setEditing} onDelete={setDeleting} onReport={setReporting} />
                    </li>
                  ))}
                </ul>
                <LoadMore
                  hasMore={query.hasNextPage}
                  loading={query.isFetchingNextPage}
                  onLoad={() => void query.fetchNextPage()}
                  label={m.loadMore}
                />
              </>
            )}
          </div>
        </TabPanel>
      </Tabs>
      <EditContentDialog item={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={m.delete}
        line={m.deleteConfirm}
        confirm={m.delete}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: m.deleted, variant: 'success' });
              setDeleting(null);
            },
            onError: () => toast({ title: m.deleteFailed, variant: 'destructive' }),
          })
        }
      />
      <ReportDialog
        target={reporting ? { type: 'photo', id: reporting.id } : null}
        member={{ userId: reporting?.owner.id ?? '', name: reporting?.owner.displayName ?? reporting?.owner.username ?? 'this member' }}
        onClose={() => setReporting(null)}
      />
    </div>
  );
}
