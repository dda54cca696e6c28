import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The browsers this test file launched and has not closed: what a failed test's report describes. */
export const openBrowsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

/** A phone-sized context (360 px wide, UI.md's smallest layout). */
export function phoneContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, locale: 'en-GB', ...options });
}

/** The visible text of the current toast. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.locator('li[data-variant]').last();
  await toast.waitFor({ state: 'visible', timeout: 10_000 });
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

/** Waits for the page to draw two frames: what a response just set in state is on screen after them. */
export function twoFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
