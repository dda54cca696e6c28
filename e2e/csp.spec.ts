import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocket } from 'playwright-core';
import { launchBrowser, phoneContext, toastText } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { completeProfile, confirmedAccount, signInThroughApi } from './support/members';

/**
 * The web app works under its Content-Security-Policy: every page sends the policy, and no page,
 * dialog or socket breaks it (a blocked script, style, image or connection is a violation the page
 * reports through `securitypolicyviolation` and the console).
 */

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

/** A marker URL no policy of the app allows: loading it is a violation that tells all earlier ones were reported. */
const SENTINEL = 'https://csp-sentinel.invalid/pixel.png';

interface Watched {
  page: Page;
  /** every violation so far, as "directive blocked-uri (source:line)", and CSP errors from the console */
  violations: () => Promise<string[]>;
}

/** A phone-sized page that records every CSP violation from its first script on. */
async function watchedPage(): Promise<Watched> {
  const context = await phoneContext(browser, server.url);
  contexts.push(context);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
      true,
    );
  });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (msg) => void (/Content.Security.Policy/i.test(msg.text()) && console.push(msg.text())));
  return {
    page,
    async violations() {
      // violations are reported in order: once the sentinel's is in, every earlier one is too
      await page.evaluate((url) => void (new Image().src = url), SENTINEL);
      await page.waitForFunction(
        (url) => (window as unknown as { cspViolations: string[] }).cspViolations.some((v) => v.includes(url)),
        SENTINEL,
      );
      const reported = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      return [...reported, ...console].filter((v) => !v.includes(SENTINEL));
    },
  };
}

/** Opens a page, checks its policy and waits for its heading (its code and data are in). */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const policy = response?.headers()['content-security-policy'] ?? '';
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
    expect(policy, `${path}: ${directive}`).toContain(directive);
  await page.locator('main h1, main h2').first().waitFor({ state: 'visible' });
}

/** Opens the site menu (a Radix dialog, which adds a style element to lock scrolling) and closes it. */
async function openAndCloseMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').waitFor({ state: 'visible' });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

describe('Content-Security-Policy', () => {
  it('holds on the signed-out pages and their menu, with no violation', async () => {
    const { page, violations } = await watchedPage();
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/forgot-password',
      '/help',
      '/contact',
      '/terms',
      '/privacy',
      '/features',
      '/pricing',
      '/install-app',
      '/no-such-page',
    ]) {
      await visit(page, path);
      expect(await violations(), path).toEqual([]);
    }
    await openAndCloseMenu(page);
    expect(await violations(), 'menu').toEqual([]);
  });

  it('holds on the signed-in pages, the menu and the live socket, with no violation', async () => {
    const { page, violations } = await watchedPage();
    const other = await watchedPage();
    const otherId = await signInThroughApi(other.page.request, server, await confirmedAccount(server));
    await completeProfile(other.page.request, { displayName: 'Other Member' });
    const account = await confirmedAccount(server);
    await signInThroughApi(page.request, server, account);
    await completeProfile(page.request, { displayName: 'Csp Member' });
    for (const path of [
      '/dashboard',
      '/discover',
      '/browse',
      '/whos-near',
      '/search',
      '/search/advanced',
      '/looked-at-me',
      '/messages',
      '/profile',
      `/profile/${otherId}`,
      '/edit-profile',
      '/my-account',
    ]) {
      await visit(page, path);
      expect(await violations(), path).toEqual([]);
    }
    await openAndCloseMenu(page);
    expect(await violations(), 'menu').toEqual([]);

    // a new photo: its preview is a blob: URL until the upload is done, then the served file
    await visit(page, '/edit-profile');
    const { default: sharp } = await import('sharp');
    const photo = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#9333ea' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Profile photo').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => toastText(page)).toContain('Profile photo uploaded successfully');
    expect(await violations(), 'photo upload').toEqual([]);

    // two-factor set-up: the QR code is a data: image, and it is drawn
    await visit(page, '/my-account');
    const card = page.locator('section#two-factor');
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await card.getByLabel('Your password').fill(account.password);
    await card.getByRole('button', { name: 'Continue' }).click();
    const qr = card.getByAltText('QR code to add your account to an authenticator app');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await qr.elementHandle());
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await violations(), 'two-factor QR code').toEqual([]);

    // the chat's WebSocket (connect-src) comes up and says it is ready
    const ready = new Promise<void>((resolve) => {
      page.on('websocket', (ws: WebSocket) => {
        if (ws.url().endsWith('/api/v1/realtime'))
          ws.on('framereceived', (frame) => void (String(frame.payload).includes('"type":"ready"') && resolve()));
      });
    });
    await visit(page, `/messages/${otherId}`);
    await ready;
    expect(await violations(), 'chat').toEqual([]);
  });

  it('holds on the dev outbox page, whose style is its own', async () => {
    const { page, violations } = await watchedPage();
    const response = await page.goto('/dev/outbox');
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('heading', { name: 'Dev outbox' }).waitFor();
    // its inline style applies (the page's dark background), and breaks no rule
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(11, 11, 16)');
    expect(await violations()).toEqual([]);
  });
});
