import type { Page } from 'playwright-core';

/**
 * How the page in view asked for each API path since it loaded, in order (its performance entries'
 * initiators): `['link']` when the server's `<link rel="preload" as="fetch">` fetched it and the
 * page's own query was answered from that (a query the preload did not match adds a `fetch`).
 */
export function initiatorsOf(page: Page, apiPaths: string[]): Promise<Record<string, string[]>> {
  return page.evaluate((paths) => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return Object.fromEntries(
      paths.map((p) => [p, entries.filter((e) => new URL(e.name).pathname === p && !new URL(e.name).search).map((e) => e.initiatorType)]),
    );
  }, apiPaths);
}
