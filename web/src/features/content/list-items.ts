import type { ContentItem, ContentPage } from '@velvet/core/schemas/content.schema';

/**
 * The items of a list's loaded pages, in order, each once. Cursors keep a page from repeating what an
 * earlier one showed when Fabs land between pages (Hot counts the Fabs up to its first page's time),
 * but a Fab taken back is gone and cannot be counted as of then: the item may then rank lower and come
 * again on a later page. It stays where it was first shown.
 */
export function listItems(pages: ContentPage[] | undefined): ContentItem[] {
  const seen = new Set<string>();
  const items: ContentItem[] = [];
  for (const page of pages ?? [])
    for (const item of page.items)
      if (!seen.has(item.id)) {
        seen.add(item.id);
        items.push(item);
      }
  return items;
}
