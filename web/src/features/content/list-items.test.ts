import { describe, expect, it } from 'vitest';
import type { ContentItem, ContentPage } from '@velvet/core/schemas/content.schema';
import { listItems } from './list-items';

const item = (id: string, fabCount = 1): ContentItem => ({
  id,
  owner: { id: 'u1', username: 'ann', displayName: 'Ann', avatarUrl: null },
  title: id,
  description: '',
  mediaType: 'image',
  visibility: 'public',
  priceCents: null,
  locked: false,
  url: `/files/${id}`,
  thumbUrl: null,
  width: 1,
  height: 1,
  durationMs: null,
  fabCount,
  fabbed: false,
  mine: false,
  underReview: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const page = (items: ContentItem[], nextCursor: string | null = 'next'): ContentPage => ({ items, nextCursor });

describe("a list's loaded pages", () => {
  it('are shown in page order', () => {
    expect(listItems([page([item('a'), item('b')]), page([item('c')], null)]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('show an item a later page brings again (a Fab taken back between pages) once, where it was first', () => {
    const items = listItems([page([item('a', 3), item('b', 2)]), page([item('a', 2), item('c', 1)], null)]);
    expect(items.map((i) => [i.id, i.fabCount])).toEqual([
      ['a', 3],
      ['b', 2],
      ['c', 1],
    ]);
  });

  it('are empty before anything loaded', () => {
    expect(listItems(undefined)).toEqual([]);
  });
});
