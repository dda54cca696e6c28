import { beforeEach } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowsers } from './browser';

// A journey that fails in CI leaves nothing to look at but the log; this writes into it what each
// open page was showing when the test failed (its address, headings, alerts and the start of its
// text) and the error's first lines, so a failure on a slow machine can be understood without
// running it again.
const TEXT_CHARS = 800;

async function describePage(page: Page): Promise<string> {
  const shown = await page
    .evaluate((chars) => {
      const texts = (selector: string) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector))
          .map((el) => el.innerText.replace(/\s+/g, ' ').trim())
          .filter(Boolean);
      return {
        headings: texts('h1, h2'),
        alerts: texts('[role="alert"], [role="status"], li[data-variant]'),
        text: (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, chars),
      };
    }, TEXT_CHARS)
    .catch((err: unknown) => ({ headings: [], alerts: [], text: `(could not read the page: ${String(err)})` }));
  return [
    `  page ${page.url()}`,
    `    headings: ${JSON.stringify(shown.headings)}`,
    `    alerts: ${JSON.stringify(shown.alerts)}`,
    `    text: ${shown.text}`,
  ].join('\n');
}

beforeEach(({ onTestFailed, task }) => {
  onTestFailed(async () => {
    const pages = [...openBrowsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
    const described = await Promise.all(pages.filter((page) => !page.isClosed()).map(describePage));
    // what failed, too: a test that passes on its retry prints no error of its own
    const error = (task.result?.errors?.[0]?.message ?? '').split('\n').slice(0, 6).join('\n    ');
    console.error(
      `[failure report] ${task.name} (attempt ${(task.result?.retryCount ?? 0) + 1}):\n  error: ${error}\n${described.join('\n') || '  no open page'}`,
    );
  });
});
