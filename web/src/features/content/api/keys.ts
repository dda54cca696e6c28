import type { ContentCategory, ContentMediaType } from '@velvet/core/schemas/content.schema';

/** The lists behind the dashboard's media tiles. */
export type ContentList = 'new' | 'hot' | 'mine' | 'fabbed' | 'category';

export const contentKeys = {
  all: ['content'] as const,
  list: (list: ContentList, type: ContentMediaType | null, category: ContentCategory | null) =>
    ['content', 'list', list, type, category] as const,
  item: (id: string) => ['content', 'item', id] as const,
  counts: ['content', 'counts'] as const,
};
