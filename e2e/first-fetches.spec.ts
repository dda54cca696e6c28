import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@velvet/core/messages';
import { twoMembers, type TwoMembers } from './support/members';

/**
 * A page's first API reads are named in the page the server sends (`<link rel="preload" as="fetch">`,
 * web/src/app/first-fetches.ts), so a phone asks for them while the app's script downloads. The app's
 * own request for each must then be answered by that preload: the browser asks for each URL once.
 * A read missing from the list, or whose URL drifted from it, is a fetch of its own, and this fails.
 */
let members: TwoMembers;
beforeAll(async () => {
  members = await twoMembers();
});
afterAll(() => members?.close());

// read again on purpose when the live connection opens (RealtimeBridge catches up on what it missed)
const READ_AGAIN_WHEN_LIVE = new Set([
  '/api/v1/messages/unread-count',
  '/api/v1/activities/unread-count',
  '/api/v1/messages/conversations',
]);

/** Every API request the page makes from now on: its path and how the browser asked (a preload, a fetch). */
function apiRequests(page: Page) {
  const seen: { path: string; type: string }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/')) seen.push({ path: url.pathname + url.search, type: r.resourceType() });
  });
  return seen;
}

it.each([
  // what the page shows once the reads it waits on have come back (the preloads included)
  ['/discover', (page: Page) => page.getByRole('heading', { level: 2, name: 'Ben' }).waitFor()],
  ['/dashboard', (page: Page) => page.getByText(/^\d+ online$/).waitFor()],
  ['/messages', (page: Page) => page.getByRole('heading', { name: messages.messaging.noConversations }).waitFor()],
])('%s: the page names its first reads, and the app asks for none of them again', async (path, shown) => {
  const page = await members.browser.newPage({
    baseURL: members.server.url,
    storageState: await members.ana.page.context().storageState(),
  });
  try {
    const requests = apiRequests(page);
    const response = await page.goto(path);
    const preloads = [...(await response!.text()).matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
    expect(preloads).toContain('/api/v1/session');
    expect(preloads.length).toBeGreaterThan(2);
    await shown(page);
    // what the page had asked for by the time it showed: its reads, each answered by its preload
    const asked = [...requests];
    for (const url of preloads)
      expect(
        asked.find((r) => r.path === url),
        url,
      ).toEqual({ path: url, type: 'other' });
    const fetchedAgain = asked.filter((r) => r.type === 'fetch' && !READ_AGAIN_WHEN_LIVE.has(r.path)).map((r) => r.path);
    expect(fetchedAgain).toEqual([]);
  } finally {
    await page.close();
  }
});
