import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { expectNoSeriousAxeViolations } from './support/axe';
import { launchBrowser, twoFrames } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { completeProfile, confirmedAccount, signInThroughApi, signInThroughUi } from './support/members';

/** DESIGN.md §8: every page passes axe-core with no serious or critical violations, and works by keyboard. */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** How many requests each page has sent and not yet had answered, and who waits for none (`requestsAnswered`). */
const requests = new WeakMap<Page, { pending: Set<Request>; answered: () => Promise<void> }>();

async function newPage(width: number): Promise<Page> {
  context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 800 }, locale: 'en-GB', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const pending = new Set<Request>();
  const waiting: (() => void)[] = [];
  const ended = (r: Request) => {
    pending.delete(r);
    if (pending.size === 0) for (const resolve of waiting.splice(0)) resolve();
  };
  // the live socket is no request here: Playwright reports WebSockets apart
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  requests.set(page, {
    pending,
    answered: () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  });
  return page;
}

/**
 * Waits until every request the page has sent is answered and none follows within two frames (a
 * list asked for once its page's data came, an avatar once its card rendered): the page shows what
 * it loaded. Playwright's 'networkidle' waits out a fixed half second of quiet instead.
 */
async function requestsAnswered(page: Page) {
  const tracked = requests.get(page);
  if (!tracked) throw new Error('a page made by newPage() only');
  do {
    await tracked.answered();
    await twoFrames(page);
  } while (tracked.pending.size > 0);
}

/**
 * Waits until every finite animation and transition on the page has finished (a dialog sliding in,
 * a toast: axe would judge their colours half-way). Endless ones (a spinner) are left out.
 */
function transitionsOver(page: Page) {
  return page.evaluate(async () => {
    // two frames first each time, so that a transition a change has just set off is under way
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (;;) {
      await frame();
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
    }
  });
}

/** Waits for the page to settle: its requests answered, the route's heading in view, transitions over. */
async function settle(page: Page) {
  await requestsAnswered(page);
  await page
    .locator('main h1, main h2, [role="dialog"] h2')
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch((err: Error) => {
      throw new Error(`${page.url()}: no heading came into view (${err.message.split('\n')[0]})`);
    });
  await transitionsOver(page);
}

async function scan(page: Page, url: string, label: string) {
  await page.goto(url);
  await settle(page);
  await expectNoSeriousAxeViolations(page, label);
}

async function openMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').waitFor({ state: 'visible' });
  await transitionsOver(page);
  await expectNoSeriousAxeViolations(page, label);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
}

describe.each([360, 1280])('axe-core at %i px', (width) => {
  it('finds no serious or critical violations on the signed-out pages and menu', async () => {
    const page = await newPage(width);
    await scan(page, '/login', `/login @${width}`);
    // the error state: field messages and a destructive toast
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.locator('li[data-variant="destructive"]').waitFor({ state: 'visible' });
    await transitionsOver(page);
    await expectNoSeriousAxeViolations(page, `/login with errors @${width}`);
    await scan(page, '/signup', `/signup @${width}`);
    await scan(page, '/forgot-password', `/forgot-password @${width}`);
    await openMenu(page, `signed-out menu @${width}`);
  });

  it('finds no serious or critical violations on the signed-in pages and menu', async () => {
    const page = await newPage(width);
    const { email, password } = await confirmedAccount(server);
    await signInThroughUi(page, email, password);
    await page.waitForURL('**/setup-profile');
    await settle(page);
    await expectNoSeriousAxeViolations(page, `/setup-profile @${width}`);

    await completeProfile(page.request, { username: `a11y_${width}_${Date.now().toString(36)}`, displayName: 'Axe Member' });
    await page.goto('/dashboard');
    await settle(page);
    await expectNoSeriousAxeViolations(page, `/dashboard @${width}`);
    await openMenu(page, `signed-in menu @${width}`);

    // a new member's pages: nothing liked, searched, looked at or sent yet
    const newMemberPages: [url: string, state?: string][] = [
      ['/discover'],
      ['/search'],
      ['/looked-at-me', ' (empty)'],
      ['/my-account'],
      ['/profile'],
      ['/edit-profile'],
      ['/messages', ' (empty)'],
      ['/whos-near'],
    ];
    for (const [url, state = ''] of newMemberPages) await scan(page, url, `${url}${state} @${width}`);

    // with someone to list and to talk to: member cards, a conversation row, the chat
    const friendContext = await browser.newContext({ baseURL: server.url });
    try {
      const friendId = await signInThroughApi(friendContext.request, server, await confirmedAccount(server));
      await completeProfile(friendContext.request, {
        username: `a11y_friend_${width}_${Date.now().toString(36)}`,
        displayName: 'Axe Friend',
      });
      const sent = await page.request.post(`/api/v1/messages/conversations/${friendId}/messages`, { data: { content: 'Hello from axe' } });
      expect(sent.status()).toBe(201);
      await friendContext.request.post(
        `/api/v1/messages/conversations/${(await (await page.request.get('/api/v1/me')).json()).user.id}/messages`,
        {
          data: { content: 'Hello back' },
        },
      );
      await scan(page, '/browse', `/browse @${width}`);
      await scan(page, '/messages', `/messages @${width}`);
      await scan(page, '/messages?tab=sent', `/messages sent @${width}`);
      await scan(page, `/messages/${friendId}`, `/messages/:id @${width}`);
    } finally {
      await friendContext.close();
    }
  }, 150_000); // a dozen pages scanned, 37–39 s on a quiet CI machine: room for a slower one

  it('finds no serious or critical violations on Privacy Settings (empty and with a block) and the block dialog', async () => {
    const page = await newPage(width);
    await signInThroughApi(page.request, server, await confirmedAccount(server));
    await completeProfile(page.request, { username: `a11y_priv_${width}_${Date.now().toString(36)}`, displayName: 'Axe Private' });
    await scan(page, '/privacy-settings', `/privacy-settings (no blocks) @${width}`);
    const other = await browser.newContext({ baseURL: server.url });
    try {
      const otherId = await signInThroughApi(other.request, server, await confirmedAccount(server));
      await completeProfile(other.request, { username: `a11y_blk_${width}_${Date.now().toString(36)}`, displayName: 'Axe Blocked' });
      await page.goto(`/profile/${otherId}`);
      await page.getByRole('button', { name: 'Block Axe Blocked' }).click();
      await page.getByRole('dialog').waitFor({ state: 'visible' });
      await transitionsOver(page);
      await expectNoSeriousAxeViolations(page, `block dialog @${width}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
      await page.waitForURL('**/browse');
      await scan(page, '/privacy-settings', `/privacy-settings (one block) @${width}`);
    } finally {
      await other.close();
    }
  });

  it('finds no serious or critical violations on the information pages and the 404 page', async () => {
    const page = await newPage(width);
    for (const url of ['/help', '/contact', '/terms', '/privacy', '/features', '/pricing', '/install-app', '/no-such-page']) {
      await scan(page, url, `${url} @${width}`);
    }
  });
});

describe('keyboard', () => {
  /** A short description of the focused element: its role-ish tag and accessible text. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { name: 'body', ring: false };
      const label =
        el.getAttribute('aria-label') ??
        (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
        el.textContent ??
        '';
      const style = getComputedStyle(el);
      const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return { name: `${el.tagName.toLowerCase()}:${label.trim()}`, ring };
    });

  it('tabs through the /login form in order and submits it with Enter', async () => {
    const page = await newPage(360);
    const { email, password } = await confirmedAccount(server);
    await page.goto('/login');
    await settle(page);

    const order: string[] = [];
    const noRing: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const { name, ring } = await focused(page);
      order.push(name);
      if (!ring) noRing.push(name);
      if (name === 'a:Sign up') break;
    }
    const wanted = [
      'input:Email',
      'input:Password',
      'button:Show password',
      'input:Remember me',
      'input:Keep me signed in (private browsing only)',
      'button:Sign In',
      'a:Forgot your password?',
      'a:Sign up',
    ];
    const positions = wanted.map((w) => order.indexOf(w));
    expect(
      positions.every((p) => p >= 0),
      `focus order was:\n${order.join('\n')}`,
    ).toBe(true);
    expect(positions, `focus order was:\n${order.join('\n')}`).toEqual([...positions].sort((a, b) => a - b));

    // every stop shows a visible focus ring
    expect(noRing).toEqual([]);

    // Space toggles the show/hide button, Enter submits the form
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Show password' }).focus();
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/setup-profile');
  });

  it('opens and closes the full-screen menu with the keyboard, focus moving in and back', async () => {
    const page = await newPage(360);
    await page.goto('/forgot-password');
    await settle(page);
    const trigger = page.getByRole('button', { name: 'Open menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    // Tab stays inside the open menu
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
